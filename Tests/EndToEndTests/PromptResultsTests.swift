import Foundation
import TestSupport
import Testing

/// `set results on` at the prompt: Swift of several lines gets the results column for its lines.
@Suite struct PromptResultsTests {
    @Test func aLoopAndAFunctionCallGetTheColumn() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // One input (a `do` block): a function, a loop calling it, and a print of what the loop built.
        let input = """
            set results on
            do {
                func square(_ n: Int) -> Int {
                    n * n
                }
                var squares: [Int] = []
                for n in 1...4 {
                    squares.append(square(n))
                }
                print(squares)
            }
            set results off
            do {
                let quiet = 1
                print(quiet)
            }
            """
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: input + "\n",
                                         environment: isolatedEnvironment(home: home.url))
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        let expected = [
            // Each `set results` says what it did.
            PromptResultsTableTests.confirmationOn,
            // What the compiled input printed, then the column; the print's own line shows the same text.
            "[1, 4, 9, 16]",
            // The function ran once per number: its parameter's and its body's last values, each drawn.
            "2  n = 4  (4 times)  ▁▃▆█",
            "3  16  (4 times)  ▁▂▅█",
            "5  squares = []",
            // The loop's body: the array after its last append.
            "7  squares = [1, 4, 9, 16]  (4 times)",
            "9  [1, 4, 9, 16]",
            "results column off",
            // With results off, an input of several lines shows no column.
            "1",
        ]
        #expect(run.output == expected.joined(separator: "\n") + "\n", "\(run.output)")
    }

    /// With the column on, an input runs in the Swift host like any other, so what it binds keeps
    /// its value: a random number printed by three later inputs is one number.
    @Test func aValueBoundWithTheColumnOnKeepsItsValue() async throws {
        try await PseudoTerminal.withWorkbench(arguments: ["--no-sandbox"]) { terminal, _ in
            var mark = terminal.mark
            terminal.type("set results on\r")
            try await terminal.waitForPrompt(after: mark)
            mark = terminal.mark
            // An open parenthesis continues the input: two lines, so the column shows.
            terminal.type("let r = Int.random(in:\r1...1000)\r")
            let bound = try await terminal.waitForPrompt(after: mark)
            let drawn = try #require(bound.firstMatch(of: /r = (\d+)/)?.1, "\(bound)")
            for tag in ["a", "b", "c"] {
                mark = terminal.mark
                terminal.type("print(r,\r\"\(tag)\")\r")
                let printed = try await terminal.waitForPrompt(after: mark)
                #expect(printed.contains("\(drawn) \(tag)"), "\(printed)")
                #expect(!printed.contains("error:"), "\(printed)")
            }
        }
    }

    /// `results` lists the last column again and `results N` a line's values, the first
    /// thousand of a long loop's; a line without a value, or past the input, is one error line.
    @Test func resultsListsTheLastColumnAndALinesValues() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let input = """
            results
            set results on
            for i in 1...1500 { let v = i * 2 }
            results 1
            results 2
            do {
                let a = 1

                print(a)
            }
            results 3
            results 9
            results
            """
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: input + "\n",
                                         environment: isolatedEnvironment(home: home.url))
        let doubles = (1...1500).map { $0 * 2 }
        let expected = [
            "error: no results yet: `set results on` first, then Swift of several lines, or a loop, shows a results column",
            PromptResultsTableTests.confirmationOn,
            "1  v = 3000  (1500 times)  " + ResultsColumnOracle.sparkline(doubles.map(Double.init)),
        ] + doubles.prefix(1000).enumerated().map { "\($0.offset + 1)  v = \($0.element)" } + [
            "… 500 more",
            "error: no line 2 in the last results column: it has line 1",
            "1",
            "2  a = 1",
            "4  1",
            "error: line 3 has no value (`results` lists the lines that have)",
            "error: no line 9 in the last results column: it has lines 1–5",
            "2  a = 1",
            "4  1",
        ]
        #expect(run.output.split(separator: "\n").map(String.init) == expected, "\(run.errorOutput)")
        // The error lines make a piped run exit 1.
        #expect(run.status == 1)
    }
}
