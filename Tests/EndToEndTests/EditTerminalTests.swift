import Foundation
import TestSupport
import Testing

/// Ctrl-X Ctrl-E at a terminal: the input typed so far, continuation lines included, goes to
/// $EDITOR, and what the editor leaves is the input.
@Suite(.serialized) struct EditTerminalTests {
    func start(home: TemporaryDirectory, editor: String) async throws -> PseudoTerminal {
        let program = home.url.appendingPathComponent("editor.sh")
        // Run by `sh`, not executed: a file just written can be "busy" for exec while another
        // test forks.
        try (editor + "\n").write(to: program, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench,
            environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1", "EDITOR": "sh " + program.path]))
        try await terminal.waitForPrompt()
        return terminal
    }

    @Test func ctrlXCtrlEEditsAMultiLineInputBeingTyped() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await start(home: home, editor: #"sed -i 's/20/25/' "$1""#)
        var mark = terminal.mark
        terminal.type("let numbers = [10,\r")
        try await terminal.waitFor("... ", after: mark)
        try await terminal.waitForRawMode()
        mark = terminal.mark
        terminal.type("  20]\u{18}\u{5}")
        // The edited input is shown as if typed, then runs.
        let shown = try await terminal.waitFor("numbers: [Int]\r\n[10, 25]\r\n", after: mark)
        #expect(shown.contains("wb> let numbers = [10,\r\n...   25]\r\n"), "\(shown)")
        try await terminal.waitForRawMode()
        terminal.type("\u{4}")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func anEditorThatFailsDropsTheInputWithOneLine() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await start(home: home, editor: "exit 1")
        let mark = terminal.mark
        terminal.type("let dropped = 1\u{18}\u{5}")
        try await terminal.waitFor("(the editor exited with status 1: the input was dropped)\r\n", after: mark)
        try await terminal.waitForRawMode()
        terminal.type("dropped\r")
        try await terminal.waitFor("error: ", after: mark)
        try await terminal.waitForRawMode()
        terminal.type("\u{4}")
        #expect(try await terminal.waitForExit() == 0)
    }

    /// What a timer left running prints while `edit`'s editor has the terminal comes after the
    /// editor ends, not over it.
    @Test func outputWhileTheEditorRunsComesAfterIt() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await start(home: home, editor: #"echo "editor opened"; sleep 1; sed -i 's/2/3/' "$1"; echo "editor closed""#)
        var mark = terminal.mark
        terminal.type("let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in print(\"tick\") }\r")
        try await terminal.waitFor("tick\r\n", after: mark, timeout: .seconds(120))
        try await terminal.waitForRawMode()
        terminal.type("let n = 2\r")
        try await terminal.waitFor("n: Int\r\n2\r\n", after: mark)
        try await terminal.waitForRawMode()
        mark = terminal.mark
        terminal.type("edit\r")
        let shown = try await terminal.waitFor("n: Int\r\n3\r\n", after: mark, timeout: .seconds(60))
        let opened = try #require(shown.range(of: "editor opened"), "\(shown)")
        let closed = try #require(shown.range(of: "editor closed"), "\(shown)")
        #expect(!shown[opened.upperBound..<closed.lowerBound].contains("tick"), "\(shown)")
        #expect(shown[closed.upperBound...].contains("tick\r\n"), "the ticks held meanwhile are printed after: \(shown)")
        terminal.type("stop\r")
        try await terminal.waitForRawMode()
        terminal.type("quit\r")
        #expect(try await terminal.waitForExit() == 0)
    }
}
