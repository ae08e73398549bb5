import Foundation
import Testing
import WorkbenchKit

/// The byte-level scans that replaced Foundation's on the command line say what Foundation said.
@Suite struct StringScanningTests {
    static let texts = ["", " ", "help", "  json {\"a\": 1}\n", "\t\r\n x \u{3000}", "a\u{2028}", "\r\nquery q=1\r\n",
                        "café ☕️ ", "x \\(y) z", "\\(", "#\"", "a\"#b"]

    @Test(arguments: texts) func trimmingSaysWhatFoundationSays(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: texts) func literalsAndInterpolationsAreAsBefore(_ text: String) {
        // Without `\(`, the text is one literal segment; with it, the expression is found.
        let segments = Interpolation.segments(of: text)
        #expect(segments.map(\.text).joined() == text.replacingOccurrences(of: "\\(y)", with: "y"))
        #expect(segments.contains(where: \.isExpression) == (text == "x \\(y) z"))
        let literal = SwiftLiteral.string(text)
        let raw = (text.contains("\"") || text.contains("\\")) && !text.contains("\"#") && !text.contains("\n") && !text.contains("\r")
        #expect(literal.hasPrefix("#\"") == (raw && !segments.contains(where: \.isExpression)), "\(literal)")
    }
}
