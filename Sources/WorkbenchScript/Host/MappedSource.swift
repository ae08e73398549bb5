/// Generated program text that remembers where each piece of user text came from, so that a
/// compiler diagnostic at a line and column of the program is told at the line and column the
/// user typed.
struct MappedSource {
    /// Where a piece of text came from: which input, and its UTF-8 offset there.
    struct Origin: Equatable {
        let unit: Int
        let offset: Int
    }

    private struct Segment {
        let start: Int
        let length: Int
        let origin: Origin
        /// False for a replacement, which maps as a whole to where the replaced text began.
        let exact: Bool
    }

    private(set) var text: [UInt8] = []
    private var segments: [Segment] = []
    /// The offset of each line's start in `text`.
    private var lineStarts = [0]

    mutating func generated(_ string: String) {
        append(Array(string.utf8))
    }

    /// Appends `source[range]` of input `unit`, with `edits` (offsets in `source`) applied; an
    /// edit's replacement maps to the start of the text it replaces.
    mutating func original(_ source: [UInt8], unit: Int, range: Range<Int>, edits: [SourceEdit] = []) {
        var position = range.lowerBound
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where edit.range.lowerBound >= position && edit.range.upperBound <= range.upperBound {
            mapped(Array(source[position..<edit.range.lowerBound]), origin: Origin(unit: unit, offset: position))
            mapped(Array(edit.text.utf8), origin: Origin(unit: unit, offset: edit.range.lowerBound), exact: false)
            position = edit.range.upperBound
        }
        mapped(Array(source[position..<range.upperBound]), origin: Origin(unit: unit, offset: position))
    }

    /// Where generated line `line`, column `column` (1-based, UTF-8 columns as the compiler counts
    /// them) came from; text the generator added maps to the next piece of user text on its line,
    /// else the closest before it.
    func origin(line: Int, column: Int) -> Origin? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let lineStart = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] : text.count
        let offset = min(lineStart + max(column - 1, 0), lineEnd)
        if let segment = segments.first(where: { offset >= $0.start && offset < $0.start + $0.length }) {
            return Origin(unit: segment.origin.unit, offset: segment.origin.offset + (segment.exact ? offset - segment.start : 0))
        }
        if let next = segments.first(where: { $0.start >= offset && $0.start < lineEnd }) { return next.origin }
        if let previous = segments.last(where: { $0.start < offset }) {
            return Origin(unit: previous.origin.unit, offset: previous.origin.offset + max(previous.length - 1, 0))
        }
        return segments.first?.origin
    }

    /// Where line `line`, column `column` came from when the user wrote it; generated text maps to
    /// the user's text after it on its line (`do { try f()`), and is nil on a line without any.
    func userOrigin(line: Int, column: Int) -> Origin? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let lineEnd = line < lineStarts.count ? lineStarts[line] : text.count
        let offset = lineStarts[line - 1] + max(column - 1, 0)
        if let segment = segments.first(where: { offset >= $0.start && offset < $0.start + $0.length }) {
            return Origin(unit: segment.origin.unit, offset: segment.origin.offset + (segment.exact ? offset - segment.start : 0))
        }
        return segments.first(where: { $0.start >= offset && $0.start < lineEnd })?.origin
    }

    private mutating func mapped(_ bytes: [UInt8], origin: Origin, exact: Bool = true) {
        guard !bytes.isEmpty else { return }
        segments.append(Segment(start: text.count, length: bytes.count, origin: origin, exact: exact))
        append(bytes)
    }

    private mutating func append(_ bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(text.count + index + 1)
        }
        text.append(contentsOf: bytes)
    }
}

/// A replacement of source text: UTF-8 offsets in the input it belongs to.
struct SourceEdit {
    let range: Range<Int>
    let text: String
}
