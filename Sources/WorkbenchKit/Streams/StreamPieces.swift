import Foundation

/// The hex view's rows (`BodyRenderer.hexPreview`) written as bytes arrive: each byte the moment it
/// comes, a row's ASCII column once the row is full or the body ends. The text written piece by
/// piece is the same as the rows written at once, so a body shown as it arrives reads as the hex
/// view shows it afterwards.
struct HexRows {
    /// The bytes the hex view shows; the rest is counted on its last line.
    static let shownBytes = 64
    private static let rowBytes = 16

    /// The bytes fed so far, shown or not.
    private(set) var count = 0
    private var row: [UInt8] = []

    /// Whether every byte the view shows has been written: what comes later is only counted.
    var isFull: Bool { count >= Self.shownBytes }

    /// The text for the next bytes of the body.
    mutating func append(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        let room = max(0, Self.shownBytes - count)
        for byte in bytes.prefix(room) {
            if row.isEmpty { text += String(format: "%08x  ", count) }
            text += String(format: "%02x ", byte)
            row.append(byte)
            count += 1
            if row.count == Self.rowBytes { text += endRow() }
        }
        count += max(0, bytes.count - room)
        return text
    }

    /// The text that ends the body: an unfinished row's ASCII column, and the bytes not shown.
    mutating func finish() -> String {
        var text = row.isEmpty ? "" : endRow()
        if count > Self.shownBytes { text += "… \(count - Self.shownBytes) more bytes\n" }
        return text
    }

    /// A row's hex is padded to its full width, so the ASCII column lines up under the others.
    private mutating func endRow() -> String {
        let padding = String(repeating: " ", count: 3 * (Self.rowBytes - row.count))
        let ascii = String(row.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
        row = []
        return padding + " " + ascii + "\n"
    }
}

/// A text body decoded piece by piece: a character split between two pieces waits for its end,
/// instead of becoming two replacement characters.
struct TextPieces {
    private var held: [UInt8] = []

    /// The text of `chunk`, after what the last one left unfinished.
    mutating func decode(_ chunk: some Collection<UInt8>) -> String {
        var bytes = held
        bytes += chunk
        let tail = Self.unfinishedTail(bytes)
        held = Array(bytes.suffix(tail))
        return String(decoding: bytes.dropLast(tail), as: UTF8.self)
    }

    /// What is left when the body ends (a character it never finished shows as `�`).
    mutating func rest() -> String {
        defer { held = [] }
        return String(decoding: held, as: UTF8.self)
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 character that needs more.
    static func unfinishedTail(_ bytes: some BidirectionalCollection<UInt8>) -> Int {
        var back = 0
        for byte in bytes.reversed().prefix(3) {
            back += 1
            // Continuation bytes: the character starts further back.
            if byte & 0xC0 == 0x80 { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
    }
}

/// The first lines of a text body, shown piece by piece where the view at the end would cut it
/// (`set body-lines`); the lines after them are only counted, for the note that says how many.
struct LineCut {
    let limit: Int
    private var shown = 0
    private var newlines = 0
    private var bytes = 0
    private var endsWithNewline = false

    init(limit: Int) { self.limit = limit }

    /// Whether every line the view shows has been written.
    var isFull: Bool { shown >= limit }

    /// The lines left out, counted as `BodyRenderer.textLines` counts a whole body's.
    var more: Int {
        let lines = bytes == 0 ? 0 : newlines + (endsWithNewline ? 0 : 1)
        return max(0, lines - limit)
    }

    /// Counts the lines of the body's next bytes.
    mutating func count(_ chunk: Data) {
        guard let last = chunk.last else { return }
        newlines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        bytes += chunk.count
        endsWithNewline = last == 0x0A
    }

    /// The part of `piece` (the text of those bytes) that falls within the lines shown.
    mutating func within(_ piece: String) -> Substring {
        var end = piece.startIndex
        while shown < limit {
            guard let newline = piece[end...].firstIndex(of: "\n") else { return piece[...] }
            shown += 1
            end = piece.index(after: newline)
        }
        return piece[..<end]
    }
}
