import Foundation
import TestSupport
import Testing

/// `--step` at a terminal: Enter runs the next statement, `q` stops.
@Suite struct ReplayStepTests {
    static let hint = "⏎ run · q stop"

    func snippet() throws -> String {
        try SnippetPaths.packageRoot().appendingPathComponent("Snippets/nested-dates.swift").path
    }

    @Test func enterAdvancesAndQStops() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, arguments: ["replay", try snippet(), "--step", "--no-sandbox"],
            environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"]))
        // Release, Changelog, `let wb`, then `try wb.json(…)` prints the document.
        for statement in ["struct Release", "struct Changelog", "let wb = Workbench()", "try wb.json("] {
            let mark = terminal.mark
            try await terminal.waitFor("» " + statement, after: mark)
            try await terminal.waitFor(Self.hint, after: mark)
            terminal.type("\r")
        }
        var mark = terminal.mark
        try await terminal.waitFor("current body: an object with 1 member", after: mark)
        try await terminal.waitFor("» let changelog", after: mark)
        try await terminal.waitFor(Self.hint, after: mark)
        // Nothing runs before Enter: the decode has printed nothing yet.
        #expect(!terminal.output.contains("Changelog\n"))
        mark = terminal.mark
        terminal.type("\r")
        try await terminal.waitFor("Changelog\r\n", after: mark)
        try await terminal.waitFor(Self.hint, after: mark)
        terminal.type("q\r")
        #expect(try await terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("Workbench 0.2 came out"))
    }

    @Test func qInTheREPLLeavesTheSessionUsable() async throws {
        try await PseudoTerminal.withWorkbench(ending: .ctrlD) { terminal, _ in
            var mark = terminal.mark
            terminal.type("replay \(try snippet()) --step\r")
            try await terminal.waitFor(Self.hint, after: mark)
            terminal.type("\r")
            mark = terminal.mark
            try await terminal.waitFor(Self.hint, after: mark)
            terminal.type("q\r")
            try await terminal.waitForPrompt(after: mark)
            mark = terminal.mark
            terminal.type("help quit\r")
            try await terminal.waitFor("leave Workbench", after: mark)
            try await terminal.waitForPrompt(after: mark)
        }
    }
}
