@testable import REPL
import Testing

/// An error is one line whatever the user typed.
@Suite struct ErrorLineTests {
    @Test(arguments: [
        ("[", "["),
        ("[\nhelp\nurl", "[⏎help⏎url"),
        ("a\r\nb\rc", "a⏎b⏎c"),
        (String(repeating: "x", count: 61), String(repeating: "x", count: 60) + "…"),
        (String(repeating: "x", count: 60), String(repeating: "x", count: 60)),
    ])
    func echo(typed: String, shown: String) {
        #expect(ErrorLine.echo(typed) == shown)
    }

    @Test func aMessageWithLineBreaksBecomesOneLine() {
        #expect(ErrorLine.oneLine("'[\nhelp' is not a Swift type") == "'[⏎help' is not a Swift type")
        #expect(ErrorLine.oneLine("no breaks") == "no breaks")
    }
}
