import Foundation

/// Swift source text for values: string literals (with interpolation kept), dictionary literals.
public enum SwiftLiteral {
    /// `"text"` with escapes, or a raw string `#"…"#` when that reads better (quotes, backslashes).
    /// A `\(…)` in `text`, ending where `ends` says, is kept as interpolation: it is an expression
    /// the user typed. With nil `ends`, `\(` is text.
    public static func string(_ text: String, interpolating ends: (any InterpolationEnds)?) -> String {
        let segments = Interpolation.segments(of: text, ends: ends)
        if segments.contains(where: \.isExpression) {
            return "\"" + segments.map { $0.isExpression ? "\\(" + $0.text + ")" : escaped($0.text) }.joined() + "\""
        }
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        if (text.containsBytes(quote) || text.containsBytes(backslash)) && !text.containsBytes(quote, followedBy: UInt8(ascii: "#"))
            && !text.containsBytes(UInt8(ascii: "\n")) && !text.containsBytes(UInt8(ascii: "\r")) {
            return "#\"" + text + "\"#"
        }
        return "\"" + escaped(text) + "\""
    }

    /// Text of several lines as a multi-line literal, each line indented by `indent` (so is the
    /// closing `"""`, which Swift strips from each line): a GraphQL query reads as it was typed.
    /// Nil for text of one line, or with what such a literal would have to escape or could not
    /// hold: `"""`, a carriage return or another control character, a `\(…)` (with `ends`).
    public static func block(_ text: String, indent: String = "    ", interpolating ends: (any InterpolationEnds)?) -> String? {
        guard text.contains("\n"), !text.contains("\"\"\""), !Interpolation.contains(text, ends: ends),
              !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) else { return nil }
        let lines = text.replacingOccurrences(of: "\\", with: "\\\\").split(separator: "\n", omittingEmptySubsequences: false)
        return "\"\"\"\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n" + indent + "\"\"\""
    }

    /// `"text"` with every quote, backslash and control character escaped: no raw string, no
    /// interpolation (for text that must read back exactly, such as source shown in a summary line).
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    static func escaped(_ text: String) -> String {
        var result = ""
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
        return result
    }

    /// A JSON field as the literal `JSONField` reads: a string, or raw JSON where a Swift literal means the same.
    public static func field(_ value: JSONField, interpolating ends: (any InterpolationEnds)?) -> String {
        switch value {
        case .string(let text): return string(text, interpolating: ends)
        case .json(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == "true" || trimmed == "false" { return trimmed }
            if trimmed == "null" { return "nil" }
            if let number = Int(trimmed), String(number) == trimmed { return trimmed }
            return ".json(" + string(text, interpolating: ends) + ")"
        }
    }
}

/// `\(expression)` inside text the user typed: Swift string interpolation.
public enum Interpolation {
    public struct Segment: Equatable, Sendable {
        public var text: String
        /// True for the expression inside `\(…)`, false for literal text.
        public var isExpression: Bool
    }

    /// Literal text and `\(…)` expressions in order, each `\(…)` ending where `ends` says (Swift's
    /// lexer: `\(f("a)b"))` is one expression). An unclosed `\(` is text, and so is every `\(`
    /// without `ends`: WorkbenchKit has no Swift lexer, so its caller passes one (the REPL's
    /// `WorkbenchEnvironment.interpolationEnds`), or nil where interpolation was Swift's already.
    public static func segments(of text: String, ends: (any InterpolationEnds)?) -> [Segment] {
        // Most text has no `\(` at all: one literal, without walking it character by character.
        guard let ends, text.containsBytes(UInt8(ascii: "\\"), followedBy: UInt8(ascii: "(")) else {
            return text.isEmpty ? [] : [Segment(text: text, isExpression: false)]
        }
        var segments: [Segment] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\\", next < text.endIndex, text[next] == "(",
               let close = ends.closingParenthesis(in: text, from: text.index(after: next)) {
                if !literal.isEmpty { segments.append(Segment(text: literal, isExpression: false)) }
                literal = ""
                segments.append(Segment(text: String(text[text.index(after: next)..<close]), isExpression: true))
                index = text.index(after: close)
                continue
            }
            literal.append(text[index])
            index = next
        }
        if !literal.isEmpty { segments.append(Segment(text: literal, isExpression: false)) }
        return segments
    }

    /// Whether `text` holds a `\(…)` expression.
    public static func contains(_ text: String, ends: (any InterpolationEnds)?) -> Bool {
        text.contains("\\(") && segments(of: text, ends: ends).contains(where: \.isExpression)
    }

    /// `text` with each `\(…)` replaced by its value in `values` (keyed by the expression's text).
    public static func substitute(_ text: String, _ values: [String: String], ends: (any InterpolationEnds)?) -> String {
        segments(of: text, ends: ends).map { $0.isExpression ? values[$0.text] ?? "\\(" + $0.text + ")" : $0.text }.joined()
    }
}

/// Where a `\(…)` in text ends, as Swift reads it (WorkbenchScript's `InterpolationLexer`).
public protocol InterpolationEnds: Sendable {
    /// The index of the `)` that closes the `(` just before `start`, or nil when none does.
    func closingParenthesis(in text: String, from start: String.Index) -> String.Index?
}
