import Foundation
import TestSupport
import Testing

/// The real `workbench` binary driven through a pseudo-terminal, as a person uses it.
@Suite(.serialized) struct TerminalTests {
    func start(home: TemporaryDirectory) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, arguments: [],
            environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"]))
        try terminal.waitForPrompt()
        return terminal
    }

    @Test func tabCompletesACommandName() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        let mark = terminal.mark
        terminal.type("hel\t")
        // libedit redraws the line, so the completed word shows as "hel", then "p ".
        try terminal.waitFor("p ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("list the commands, or explain one", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Swift on the compiled path at a terminal: a trap, a compile error and Ctrl-C on a runaway
    /// loop are each one line, and the next input still sees the earlier values.
    @Test func aTrapACompileErrorAndCtrlCLeaveTheSessionIntact() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("let numbers = [1, 2, 3].map { $0 * 10 }\r")
        try terminal.waitFor("[10, 20, 30]")
        var mark = terminal.mark
        terminal.type("numbers[7]\r")
        try terminal.waitFor("Fatal error: Index out of range", after: mark)
        mark = terminal.mark
        terminal.type("numbers.nope\r")
        try terminal.waitFor("error: 1:9: value of type '[Int]' has no member 'nope'", after: mark)
        mark = terminal.mark
        terminal.type("print(\"spinning\"); while true {}\r")
        try terminal.waitFor("spinning\r\n", after: mark)
        terminal.type("\u{3}")
        try terminal.waitFor("error: interrupted", after: mark)
        mark = terminal.mark
        terminal.type("numbers.reduce(0, +)\r")
        try terminal.waitFor("numbers.reduce(0, +): Int\r\n60", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Tab completes a bound name, then a model's members after `.`.
    @Test func tabCompletesBoundNamesAndMembers() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("json {\"title\": \"Pilot\", \"rating\": 4}\r")
        try terminal.waitFor("current body")
        terminal.type("struct Show: Codable { let title: String; let rating: Int }\r")
        try terminal.waitFor("defined Show (2 properties)")
        terminal.type("let pilot = decode Show\r")
        try terminal.waitFor("Show(title: \"Pilot\", rating: 4)")
        try terminal.waitForRawMode()
        let mark = terminal.mark
        terminal.type("pil\t")
        try terminal.waitFor("ot ", after: mark)
        terminal.type("\u{8}.ra\t")
        try terminal.waitFor("ting ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("pilot.rating: Int", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabListsSeveralMatches() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        let mark = terminal.mark
        terminal.type("help \t")
        // Several commands match an empty word: they are listed under the line.
        try terminal.waitFor("exit", after: mark)
        try terminal.waitFor("quit", after: mark)
        terminal.type("\u{3}quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func upArrowRecallsThePreviousLine() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("help quit\r")
        try terminal.waitFor("leave Workbench")
        try terminal.waitForRawMode()
        let mark = terminal.mark
        terminal.type("\u{1B}[A")
        try terminal.waitFor("help quit", after: mark)
        terminal.type("\r")
        try terminal.waitFor("leave Workbench", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCClearsTheLineAndKeepsRunning() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("help qu")
        try terminal.waitFor("help qu")
        let mark = terminal.mark
        terminal.type("\u{3}")
        try terminal.waitForPrompt(after: mark)
        #expect(terminal.isRunning)
        // The half-typed text is gone: what runs now is only what is typed next.
        terminal.type("help help\r")
        let after = try terminal.waitFor("explain one", after: mark)
        #expect(!after.contains("error"))
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCTypedAheadActsInOrder() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("help qu\u{3}quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func utf8InputIsIntact() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        let mark = terminal.mark
        terminal.type("café ☕️\r")
        try terminal.waitFor("unknown command 'café'", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlDOnAnEmptyLineExitsWithZero() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func multiLineInputShowsTheContinuationPrompt() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try start(home: home)
        let mark = terminal.mark
        terminal.type("help (\r")
        try terminal.waitForPrompt("... ", after: mark)
        terminal.type(")\r")
        try terminal.waitFor("no command named", after: mark)
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func thePromptIsColouredOnATerminalUnlessNoColorIsSet() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, environment: isolatedEnvironment(home: home.url))
        try terminal.waitForPrompt("\u{1B}[36mwb>\u{1B}[0m ")
        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func historySurvivesARestart() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let first = try start(home: home)
        first.type("help help\r")
        try first.waitFor("explain one")
        try first.waitForRawMode()
        first.type("\u{4}")
        #expect(try first.waitForExit() == 0)

        let second = try start(home: home)
        let mark = second.mark
        second.type("\u{1B}[A")
        try second.waitFor("help help", after: mark)
        second.type("\u{3}\u{4}")
        #expect(try second.waitForExit() == 0)
        let file = home.url.appendingPathComponent("state/workbench/history")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
