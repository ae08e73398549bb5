import LineResults
@testable import REPL
import Testing
import WorkbenchKit
import WorkbenchScript

/// `results` and `results N` on the session's last results column (set here as an input that
/// showed one leaves it; the real inputs are in EndToEndTests).
@MainActor
@Suite struct ResultsCommandTests {
    let console = Console(capturingWithColors: false)

    /// A session whose last column was `for i in 1...5 { let sq = i * i }` below a blank line and
    /// above a comment.
    func session() -> Session {
        let session = Session(console: console, isInteractive: false)
        let squares = (1...5).map { LineResult(kind: .value, line: 2, column: 22, name: "sq", text: String($0 * $0), isNumber: true) }
        session.lastResults = ResultsHistory(squares, lastLine: 3)
        return session
    }

    @Test func resultsListsTheColumnAndResultsNEveryValueOfALine() async {
        let session = session()
        #expect(await session.evaluate("results"))
        #expect(await session.evaluate("results 2"))
        #expect(console.capturedText == """
            2  sq = 25  (5 times)  ▁▂▃▅█
            1  sq = 1
            2  sq = 4
            3  sq = 9
            4  sq = 16
            5  sq = 25

            """)
    }

    @Test(arguments: [
        ("results 1", "error: line 1 has no value (`results` lists the lines that have)\n"),
        ("results 4", "error: no line 4 in the last results column: it has lines 1–3\n"),
        ("results 0", "error: no line 0 in the last results column: it has lines 1–3\n"),
        ("results sq", "error: 'sq' is not a line number: `results N` (`results` lists the lines with values)\n"),
    ])
    func aMistakeIsOneLine(input: String, expected: String) async {
        #expect(await session().evaluate(input) == false)
        #expect(console.capturedText == expected)
    }

    @Test func beforeAnyColumnItSaysHowToGetOne() async {
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("results 1") == false)
        #expect(await session.evaluate("set results on"))
        #expect(await session.evaluate("results") == false)
        #expect(console.capturedText == """
            error: no results yet: `set results on` first, then Swift of several lines, or a loop, shows a results column
            results column on: Swift of several lines, or a loop, is shown again with each line's values
            error: no results yet: Swift of several lines, or a loop, shows a results column

            """)
    }

    @Test func completionOffersTheLinesWithValues() {
        #expect(session().completions(before: "results ") == ["2"])
    }
}
