import ResultsLog

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

    public init(kind: Kind, line: Int, column: Int, name: String, text: String, isNumber: Bool = false) {
        self.kind = kind
        self.line = line
        self.column = column
        self.name = name
        self.text = text
        self.isNumber = isNumber
    }

    /// The results ResultsLog wrote for `program`, those of its live input (the last unit) only, at
    /// the lines and columns the user wrote; what the program generated around them is left out.
    static func results(in text: String, program: LibrarySource) -> [LineResult] {
        let live = program.units.count - 1
        return ResultRecord.all(in: text).compactMap { record in
            guard let origin = program.source.userOrigin(line: record.startLine, column: record.startColumn),
                  origin.unit == live
            else { return nil }
            let location = program.units[live].location(of: origin.offset)
            return LineResult(kind: record.kind == .printed ? .printed : .value, line: location.line,
                              column: location.column, name: record.name, text: record.text, isNumber: record.kind == .number)
        }
    }
}
