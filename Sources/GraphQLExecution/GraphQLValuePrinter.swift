import GraphQLDocuments

/// Prints a value literal as GraphQLSwift's printer does, for the messages that quote one
/// (`found 42`) and for introspection's `defaultValue`: lists `[a, b]`, objects `{ a: 1 }` (an
/// empty one `{  }`), either broken over indented lines when longer than 80 characters.
enum GraphQLValuePrinter {
    private static let maximumLineLength = 80

    static func print(_ value: GraphQLValue) -> String {
        switch value {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let text): return quoted(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items):
            let printed = items.map(print).filter { !$0.isEmpty }
            let line = "[" + printed.joined(separator: ", ") + "]"
            return line.count > maximumLineLength ? "[\n" + indent(printed.joined(separator: "\n")) + "\n]" : line
        case .object(let fields):
            let printed = fields.map { $0.name + ": " + print($0.value) }
            let line = "{ " + printed.joined(separator: ", ") + " }"
            guard line.count > maximumLineLength else { return line }
            let body = indent(printed.joined(separator: "\n"))
            return body.isEmpty ? "" : "{\n" + body + "\n}"
        }
    }

    /// A string literal, escaped as graphql-js's `printString` (GraphQLSwift's escapes the same).
    static func quoted(_ text: String) -> String {
        GraphQLValue.printString(text)
    }

    private static func indent(_ text: String) -> String {
        text.isEmpty ? "" : "  " + text.replacingOccurrences(of: "\n", with: "\n  ")
    }
}
