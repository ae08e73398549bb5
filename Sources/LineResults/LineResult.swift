/// One value the playground transform reported for a line of the input: a binding (`total = 3`),
/// an expression's value, or what a `print` wrote there.
public struct LineResult: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case value
        case printed
    }

    public var kind: Kind
    /// The 1-based line and column (UTF-8) in the input where the result's code starts.
    public var line: Int
    public var column: Int
    /// The declared name; empty for an expression or a print.
    public var name: String
    /// The value as `print` describes it, or the text printed.
    public var text: String
    /// Whether the value's type is numeric, so that the values a line had can be drawn.
    public var isNumber: Bool
    /// Of an input of several steps (`SwiftHost.run(steps:)`), the one the line is in, 0-based;
    /// `line` and `column` count in it.
    public var unit = 0

    public init(kind: Kind, line: Int, column: Int, name: String, text: String, isNumber: Bool = false) {
        self.kind = kind
        self.line = line
        self.column = column
        self.name = name
        self.text = text
        self.isNumber = isNumber
    }
}
