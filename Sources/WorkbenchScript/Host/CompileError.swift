/// The compiler's first error, where the user wrote it: the line and column within the input (or,
/// once placed, within a snippet's file) and the message. Carried as a value from the host to the
/// one place that prints it; each caller places it (a snippet's file and line, a `\(…)`'s column).
public struct CompileError: Equatable, Sendable {
    /// The file it is in, once placed (a snippet's, a page's); nil: counted in the input.
    public var file: String?
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String? = nil, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `error: FILE:LINE:COLUMN: message`, or `error: LINE:COLUMN: message` when it is not placed.
    public var text: String {
        "error: " + (file.map { "\($0):" } ?? "") + "\(line):\(column): \(message)"
    }

    /// The same error, its column moved by `offset` (a compile error on the first line of an input
    /// that was wrapped, or typed inside a longer line).
    public func shifted(by offset: Int) -> CompileError {
        var moved = self
        if line == 1 { moved.column += offset }
        return moved
    }
}
