import Foundation

/// A paste that the terminal marks with bracketed-paste codes (`ESC [200~` … `ESC [201~`), read
/// from the terminal in large blocks instead of key by key.
///
/// libedit reads one byte per `read` and writes the echo of each key as it comes, so a paste of
/// megabytes kept the prompt away for many seconds. Terminals mark a paste when the
/// program asks for it (mode 2004, as bash and zsh do), and `TerminalReader` binds the start
/// code to a function that reads the rest here.
struct BracketedPaste {
    static let start = Array("\u{1B}[200~".utf8)
    static let end = Array("\u{1B}[201~".utf8)
    /// Asks the terminal to mark pastes, and to stop.
    static let enable = "\u{1B}[?2004h"
    static let disable = "\u{1B}[?2004l"

    /// Bytes to read before the terminal's: an unfinished last line of a paste, put back to be
    /// inserted at the next prompt, or keys typed after a paste that start another one.
    var carry: [UInt8] = []

    /// Reads up to the end code of a paste whose start code was just read; returns the pasted
    /// bytes and those read after the end code.
    mutating func read(from descriptor: Int32) -> (text: [UInt8], after: [UInt8]) {
        var buffer = carry
        carry = []
        var searched = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let found = Self.find(Self.end, in: buffer, from: searched) {
                return (Array(buffer[..<found]), Array(buffer[(found + Self.end.count)...]))
            }
            searched = max(0, buffer.count - Self.end.count + 1)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // The terminal went away in the middle of a paste: what came is the paste.
            guard count > 0 else { return (buffer, []) }
            buffer += chunk[..<count]
        }
    }

    /// The pasted text split where libedit's line must end: what goes on the line being edited,
    /// the whole lines after it, and an unfinished last line (nil when the paste has no line
    /// break, so the line goes on being edited). Terminals send a line break as `\r`.
    static func split(_ bytes: [UInt8]) -> (head: String, lines: [String], unfinished: String?) {
        let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        var lines: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0, index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == carriageReturn || byte == lineFeed {
                    lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self))
                    if byte == carriageReturn, index + 1 < buffer.count, buffer[index + 1] == lineFeed { index += 1 }
                    start = index + 1
                }
                index += 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self))
        }
        let head = lines.removeFirst()
        guard let unfinished = lines.popLast() else { return (head, [], nil) }
        return (head, lines, unfinished)
    }

    /// The first index at or after `start` where `pattern` begins in `bytes`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return bytes.withUnsafeBytes { buffer -> Int? in
            var index = start
            let last = buffer.count - pattern.count
            while index <= last {
                // memchr for the first byte keeps a 5 MB paste a single quick scan.
                guard let hit = memchr(buffer.baseAddress! + index, Int32(pattern[0]), last - index + 1) else { return nil }
                index = buffer.baseAddress!.distance(to: UnsafeRawPointer(hit))
                if memcmp(buffer.baseAddress! + index, pattern, pattern.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }
}
