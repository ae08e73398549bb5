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
        let lines = run.output.split(separator: "\n").map(String.init)
        // What the compiled input printed, then the column; the print's own line shows the same text.
        let printed = try #require(lines.first { $0.hasPrefix("[") }, "the input printed nothing: \(run.output)")
        #expect(lines.contains("9  \(printed)"))
        // The function's body ran once per number; the column holds its last value, the last square,
        // and draws the squares.
        let squares = printed.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let last = try #require(squares.last)
        #expect(lines.contains("3  \(last)  (4 times)  \(ResultsColumnOracle.sparkline(squares.compactMap(Double.init)))"), "\(run.output)")
        // The loop's body: the array after its last append.
        #expect(lines.contains("7  squares = \(printed)  (4 times)"))
        // Each `set results` says what it did.
        #expect(lines.first == PromptResultsTableTests.confirmationOn)
        #expect(lines.contains("results column off"))
        // With results off, an input of several lines shows no column.
        #expect(lines.contains("1"))
        #expect(!lines.contains { $0.hasPrefix("3  quiet") || $0.hasPrefix("2  quiet") })
    }

    /// With the column on, an input runs in the Swift host like any other, so what it binds keeps
    /// its value: a random number printed by three later inputs is one number (issue 34).
    @Test func aValueBoundWithTheColumnOnKeepsItsValue() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await PseudoTerminal.workbench(home: home.url, arguments: ["--no-sandbox"])
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
        terminal.type("quit\r")
        #expect(try await terminal.waitForExit() == 0)
    }
}
