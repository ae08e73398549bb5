import GraphQLDocuments
import LineEditor

/// `graphql`'s arguments read apart: the query, then `--variables JSON` and `--operation NAME`.
///
/// The options begin at the first ` --` outside the query's strings, comments and brackets (GraphQL
/// has no `--` of its own there), so a query keeps every character it was typed with.
struct GraphQLCommandLine {
    var query: String
    var variables: String?
    var operation: String?

    init(_ arguments: String, options: [CommandOption]) throws {
        let start = Self.optionsStart(in: arguments) ?? arguments.endIndex
        query = arguments[..<start].trimmingCharacters(in: .whitespacesAndNewlines)
        var rest = arguments[start...].drop { $0.isWhitespace }
        while !rest.isEmpty {
            let word = rest.prefix { !$0.isWhitespace }
            guard let option = options.first(where: { $0.name == word }) else {
                throw UsageError("unknown option '\(word)' (graphql takes \(options.listed) after its query)")
            }
            rest = rest.dropFirst(word.count).drop { $0.isWhitespace }
            let value: Substring
            if option.name == GraphQLCommand.variables.name {
                value = rest[..<Self.jsonEnd(in: rest)]
            } else {
                value = rest.prefix { !$0.isWhitespace }
            }
            guard !value.isEmpty, !value.hasPrefix("--") else {
                throw UsageError("\(option.name) needs a value (\(option.value ?? "")), as in `graphql \(option.example ?? "")`")
            }
            if option.name == GraphQLCommand.variables.name {
                guard variables == nil else { throw UsageError("graphql takes one --variables: put all of them in one JSON object") }
                variables = String(value)
            } else {
                guard operation == nil else { throw UsageError("graphql takes one --operation: one operation runs") }
                operation = String(value)
            }
            rest = rest.dropFirst(value.count).drop { $0.isWhitespace }
        }
    }

    /// Where the options begin: a `--` after white space, outside strings, comments and brackets.
    static func optionsStart(in text: String) -> String.Index? {
        var depth = 0
        var index = text.startIndex
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            if text[index...].hasPrefix("\"\"\"") {
                index = end(of: "\"\"\"", in: text, after: text.index(index, offsetBy: 3))
            } else if character == "\"" {
                index = end(of: "\"", in: text, after: text.index(after: index))
            } else if character == "#" {
                index = text[index...].firstIndex(where: \.isNewline) ?? text.endIndex
            } else {
                if "{([".contains(character) { depth += 1 }
                if "})]".contains(character) { depth = max(0, depth - 1) }
                if depth == 0, character == "-", previous.isWhitespace, text[index...].hasPrefix("--") { return index }
                index = text.index(after: index)
            }
            previous = index > text.startIndex ? text[text.index(before: index)] : " "
        }
        return nil
    }

    /// The index after a string's closing `quote` (a backslash escapes in a plain string).
    private static func end(of quote: String, in text: String, after start: String.Index) -> String.Index {
        var index = start
        while index < text.endIndex {
            if quote == "\"", text[index] == "\\" {
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                continue
            }
            if quote == "\"", text[index].isNewline { return index }
            if text[index...].hasPrefix(quote) { return text.index(index, offsetBy: quote.count) }
            if quote == "\"\"\"", text[index...].hasPrefix("\\\"\"\"") {
                index = text.index(index, offsetBy: 4)
                continue
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }

    /// Where a JSON value that starts `text` ends: at white space outside its strings and brackets,
    /// so that `--variables {"a": 1} --operation Q` stops before `--operation`.
    private static func jsonEnd(in text: Substring) -> Substring.Index {
        var depth = 0
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "{[".contains(character) {
                depth += 1
            } else if "}]".contains(character) {
                depth -= 1
            } else if depth <= 0, character.isWhitespace, text[index...].drop(while: \.isWhitespace).hasPrefix("--") {
                return index
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }

    /// Whether a query typed so far goes on to the next line: its options have not begun, and it
    /// fails to parse only because it ends (a brace, parenthesis or string still open).
    static func completeness(of arguments: String) -> InputCompleteness {
        guard !arguments.isEmpty, !arguments.hasPrefix("@"), arguments != "models", !arguments.hasPrefix("models "),
              optionsStart(in: arguments) == nil else { return .complete }
        // With a line break added, a query that only ends too early fails at its very end (an
        // unclosed brace, a block string), and a plain string, which cannot take one, fails at it.
        let probe = arguments + "\n"
        do {
            _ = try GraphQLParser.parse(probe)
            return .complete
        } catch {
            let end = GraphQLLocation(line: probe.split(separator: "\n", omittingEmptySubsequences: false).count, column: 1)
            return error.location == end ? .incomplete : .complete
        }
    }
}
