/// ANSI colours for printed JSON: one SGR sequence per kind of token.
public struct JSONTheme: Sendable, Equatable {
    public var key: String
    public var string: String
    public var number: String
    public var literal: String
    public var reset: String

    public init(key: String, string: String, number: String, literal: String, reset: String = "\u{1B}[0m") {
        self.key = key
        self.string = string
        self.number = number
        self.literal = literal
        self.reset = reset
    }

    /// Bold blue keys, green strings, cyan numbers, magenta `true`/`false`/`null`.
    public static let standard = JSONTheme(
        key: "\u{1B}[1;34m", string: "\u{1B}[32m", number: "\u{1B}[36m", literal: "\u{1B}[35m"
    )
}

/// A theme as bytes, ready for the printer's loop.
struct JSONThemeBytes {
    let key: [UInt8]
    let string: [UInt8]
    let number: [UInt8]
    let literal: [UInt8]
    let reset: [UInt8]

    init(_ theme: JSONTheme) {
        key = Array(theme.key.utf8)
        string = Array(theme.string.utf8)
        number = Array(theme.number.utf8)
        literal = Array(theme.literal.utf8)
        reset = Array(theme.reset.utf8)
    }
}
