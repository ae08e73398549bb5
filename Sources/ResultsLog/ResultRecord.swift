/// One result the playground transform reported, as a line of the results file: what kind, where
/// in the program (1-based lines and UTF-8 columns), the declared name (empty for an expression),
/// and the value as `print` describes it (or the text a `print` wrote).
public struct ResultRecord: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A binding or an expression's value.
        case value = "V"
        /// A value of a numeric type (an integer or a floating-point number): the column draws
        /// the values a line had as a sparkline. Told by the type, so a `String` holding "42" is
        /// not one.
        case number = "N"
        /// What a `print` call wrote.
        case printed = "P"
    }

    public var kind: Kind
    public var startLine: Int
    public var endLine: Int
    public var startColumn: Int
    public var endColumn: Int
    public var name: String
    public var text: String

    public init(kind: Kind, startLine: Int, endLine: Int, startColumn: Int, endColumn: Int, name: String, text: String) {
        self.kind = kind
        self.startLine = startLine
        self.endLine = endLine
        self.startColumn = startColumn
        self.endColumn = endColumn
        self.name = name
        self.text = text
    }

    /// The record as one line: tab-separated fields, tabs, newlines and backslashes escaped.
    public var line: String {
        let fields = [kind.rawValue, String(startLine), String(endLine), String(startColumn), String(endColumn),
                      Self.escaped(name), Self.escaped(text)]
        return fields.joined(separator: "\t") + "\n"
    }

    /// Reads a line written by `line` (without its newline); nil for anything else.
    public init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7, let kind = Kind(rawValue: String(fields[0])),
              let startLine = Int(fields[1]), let endLine = Int(fields[2]),
              let startColumn = Int(fields[3]), let endColumn = Int(fields[4])
        else { return nil }
        self.init(kind: kind, startLine: startLine, endLine: endLine, startColumn: startColumn, endColumn: endColumn,
                  name: Self.unescaped(fields[5]), text: Self.unescaped(fields[6]))
    }

    /// Every record in the text of a results file (a line cut short by a crash is left out).
    public static func all(in text: String) -> [ResultRecord] {
        text.split(separator: "\n").compactMap { ResultRecord(line: $0) }
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
