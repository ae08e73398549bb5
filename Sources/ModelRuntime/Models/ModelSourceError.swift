/// A declaration that cannot be used: a syntax error, an unsupported construct or a Swift type-check rule.
public struct ModelSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// The source line and a caret under `column`, for syntax errors; empty otherwise.
    public var excerpt: String

    public init(_ message: String, line: Int, column: Int = 1, excerpt: String = "") {
        self.message = message
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }

    /// `3:5: message`, followed by the line and a caret when there is an excerpt.
    public var description: String {
        let head = "\(line):\(column): \(message)"
        return excerpt.isEmpty ? head : head + "\n" + excerpt
    }

    /// The line `line` of `source` with a caret under `column`.
    package static func excerpt(of source: String, line: Int, column: Int) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return "" }
        let text = String(lines[line - 1])
        let pad = String(repeating: " ", count: max(0, min(column - 1, text.count)))
        return text + "\n" + pad + "^"
    }
}
