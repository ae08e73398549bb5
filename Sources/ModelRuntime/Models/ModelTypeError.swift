/// A type that cannot be used for decoding, in the compiler's words (`cannot find type 'X' in scope`).
public struct ModelTypeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// Where in the declarations' input the offending reference is written; nil for a type written
    /// in the command itself (`decode [Nope]`).
    public var line: Int?
    public var column: Int?
    /// The name, when the error is `cannot find type 'NAME' in scope`.
    public var unresolvedName: String?

    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `cannot find type 'NAME' in scope`, as the compiler says it.
    static func unresolved(_ name: String) -> ModelTypeError {
        var error = ModelTypeError("cannot find type '\(name)' in scope")
        error.unresolvedName = name
        return error
    }

    // Equal when they read the same; `unresolvedName` is bookkeeping for locating the error.
    public static func == (lhs: ModelTypeError, rhs: ModelTypeError) -> Bool {
        lhs.message == rhs.message && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// `3:17: message` when located, else the message.
    public var description: String {
        guard let line else { return message }
        return "\(line):\(column ?? 1): \(message)"
    }

    /// The error at `line:column`, unless it already knows where it is.
    func located(line: Int, column: Int) -> ModelTypeError {
        guard self.line == nil else { return self }
        var copy = self
        copy.line = line
        copy.column = column
        return copy
    }
}
