import Foundation
import WorkbenchKit

/// A command that has Swift statements doing the same through WorkbenchKit (DESIGN.md §2):
/// what `save` writes for it. `wb` is the snippet's `Workbench`.
protocol SwiftEquivalent {
    /// The statements for `arguments` (the text after the command name), in order.
    func swiftStatements(for arguments: String) throws -> [String]
}

/// Swift source text for values: string literals, dictionary literals, calls.
enum SwiftLiteral {
    /// `"text"` with escapes, or a raw string `#"…"#` when that reads better (quotes, backslashes).
    static func string(_ text: String) -> String {
        if (text.contains("\"") || text.contains("\\")) && !text.contains("\"#") && !text.contains("\n") && !text.contains("\r") {
            return "#\"" + text + "\"#"
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `["a": "1", "b": "2"]` (KeyValuePairs keep order and repeats).
    static func pairs(_ pairs: [(String, String)]) -> String {
        "[" + pairs.map { string($0.0) + ": " + string($0.1) }.joined(separator: ", ") + "]"
    }

    /// A JSON field as the literal `JSONField` reads: a string, or raw JSON where a Swift literal means the same.
    static func field(_ value: JSONField) -> String {
        switch value {
        case .string(let text): return string(text)
        case .json(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if ["true", "false"].contains(trimmed) || trimmed == "null" { return trimmed == "null" ? "nil" : trimmed }
            if let number = Int(trimmed), String(number) == trimmed { return trimmed }
            return ".json(" + string(text) + ")"
        }
    }

    /// A verb's call: `try await wb.get("/posts", query: ["userId": "1"])`.
    static func verb(_ method: String, _ items: RequestShorthand) -> String {
        var arguments: [String] = []
        if let target = items.target { arguments.append(string(target)) }
        if !items.query.isEmpty { arguments.append("query: " + pairs(items.query.map { ($0.name, $0.value ?? "") })) }
        if !items.headers.isEmpty { arguments.append("headers: " + pairs(items.headers.map { ($0.name, $0.value) })) }
        if !items.fields.isEmpty {
            arguments.append("json: [" + items.fields.map { string($0.name) + ": " + field($0.value) }.joined(separator: ", ") + "]")
        }
        return "try await wb.\(method.lowercased())(" + arguments.joined(separator: ", ") + ")"
    }
}
