/// A value in GraphQL syntax, as graphql-js's `print` writes it: `{a: [1, "x\n"], b: $v}`.
/// Strings always print as `"…"` (the AST does not keep whether one was a block string), escaped
/// as graphql-js's `printString` escapes them.
extension GraphQLValue: CustomStringConvertible {
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .variable(let name): output += "$" + name
        case .int(let text), .float(let text), .enumValue(let text): output += text
        case .string(let text): output += Self.printString(text)
        case .boolean(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .list(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += ", " }
                value.write(to: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { output += ", " }
                output += field.name + ": "
                field.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// graphql-js's `printString`: `"` and `\` escaped, control characters (U+0000–U+001F and
    /// U+007F–U+009F) as `\b \t \n \f \r` or `\u00XX`; every other character as it is.
    public static func printString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x08: output += "\\b"
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0C: output += "\\f"
            case 0x0D: output += "\\r"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
