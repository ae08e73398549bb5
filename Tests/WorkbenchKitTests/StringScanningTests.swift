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

    @Test(arguments: texts) func literalsAreAsBefore(_ text: String) {
        // Where a `\(…)` ends is Swift's lexer's to say (WorkbenchScriptTests' InterpolationLexerTests):
        // without it, a `\(` is text, and the text one literal segment.
        let segments = Interpolation.segments(of: text, ends: nil)
        #expect(segments.map(\.text).joined() == text)
        #expect(segments.allSatisfy { !$0.isExpression })
        let literal = SwiftLiteral.string(text, interpolating: nil)
        let raw = (text.contains("\"") || text.contains("\\")) && !text.contains("\"#") && !text.contains("\n") && !text.contains("\r")
        #expect(literal.hasPrefix("#\"") == raw, "\(literal)")
    }
}
