/// A place where bytes are not valid JSON (RFC 8259), with what was expected and what was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset of the offending byte from the start of the input (0-based).
    public var offset: Int
    /// Line of the offending byte (1-based; lines end at `\n`).
    public var line: Int
    /// Column of the offending character (1-based, in Unicode scalars).
    public var column: Int
    /// What was expected and what was found, e.g. `expected ',' or '}' after an object member, found ']'`.
    public var message: String

    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `line 3, column 7: expected ',' or '}' after an object member, found ']'`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONSyntaxError {
    /// Builds the error for `offset` in `bytes`, counting its line and column (only done on failure).
    @inline(never)
    init(at offset: Int, in bytes: UnsafeRawBufferPointer, _ message: String) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }  // count scalars, not continuation bytes
            index += 1
        }
        self.init(offset: offset, line: line, column: column, message: message)
    }
}
