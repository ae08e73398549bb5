@testable import LineEditor
import Testing

/// How a pasted text is cut into what ends the line being edited, the lines after it, and an
/// unfinished last line (the terminal side is in EndToEndTests' `PasteTerminalTests`).
@Suite struct BracketedPasteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pasted: String
        let head: String
        let lines: [String]
        let unfinished: String?
        var testDescription: String { pasted.debugDescription }
    }

    static let cases: [Case] = [
        Case(pasted: "help quit", head: "help quit", lines: [], unfinished: nil),
        Case(pasted: "help\r", head: "help", lines: [], unfinished: ""),
        Case(pasted: "a\rb\rc", head: "a", lines: ["b"], unfinished: "c"),
        // Terminals send \r; a text copied from a file may keep \r\n or \n.
        Case(pasted: "a\r\nb\nc\r\n", head: "a", lines: ["b", "c"], unfinished: ""),
        Case(pasted: "\r\r", head: "", lines: [""], unfinished: ""),
        Case(pasted: "café ☕️\rx", head: "café ☕️", lines: [], unfinished: "x"),
    ]

    @Test(arguments: cases) func splitsAtLineBreaks(_ paste: Case) {
        let split = BracketedPaste.split(Array(paste.pasted.utf8))
        #expect(split.head == paste.head)
        #expect(split.lines == paste.lines)
        #expect(split.unfinished == paste.unfinished)
    }

    @Test func findsTheEndCodeAfterAnEscapeThatIsNotIt() {
        let bytes = Array("a\u{1B}[A b\u{1B}[201~c".utf8)
        #expect(BracketedPaste.find(BracketedPaste.end, in: bytes, from: 0) == 6)
        #expect(BracketedPaste.find(BracketedPaste.end, in: bytes, from: 7) == nil)
        #expect(BracketedPaste.find(BracketedPaste.end, in: Array("\u{1B}[201".utf8), from: 0) == nil)
    }
}
