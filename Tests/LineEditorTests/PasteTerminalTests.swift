import Foundation
import LineEditor
import TestSupport
import Testing

/// Pastes at a real terminal, marked as terminals mark them for a program that asks (bracketed
/// paste): read at once, each line as if typed, a large one with a hint and kept short in history.
@Suite(.serialized) struct PasteTerminalTests {
    @Test func aLargePastedLineRunsWithAHintAndIsCutInHistory() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, home in
            let items = (0..<4000).map { "{\"id\": \($0), \"title\": \"item \($0)\"}" }
            let line = "json [" + items.joined(separator: ", ") + "]"
            try #require(line.utf8.count > HistoryEntry.limit)
            let mark = terminal.mark
            try await terminal.paste(line)
            terminal.type("\r")
            let seen = try await terminal.waitFor("current body", after: mark)
            #expect(seen.contains("input: history keeps its first 1 KB"), "\(seen.suffix(400))")
            #expect(seen.contains("`json @FILE`"), "\(seen.suffix(400))")
            try await terminal.waitForPrompt(after: mark)
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)

            let entries = HistoryStore(file: home.appendingPathComponent("state/workbench/history")).entries
            #expect(entries.first == HistoryEntry.bounded(line))
            #expect(entries.last == "quit")
        }
    }

    /// A paste of several lines runs them in order as if each was typed and ended with Enter; its
    /// unfinished last line waits at the prompt, where typing goes on after it.
    @Test func pastedLinesRunAsIfTypedAndTheLastOneWaits() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, home in
            let mark = terminal.mark
            try await terminal.paste("struct P: Codable {\r  let a: Int\r}\rjson {\"a\": 7}\rdecode P\rhelp qu")
            try await terminal.waitFor("P(a: 7)", after: mark)
            terminal.type("it\r")
            let seen = try await terminal.waitFor("leave Workbench", after: mark)
            #expect(seen.contains("defined P"), "\(seen)")
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)

            let entries = HistoryStore(file: home.appendingPathComponent("state/workbench/history")).entries
            #expect(entries == ["struct P: Codable {\n  let a: Int\n}", "json {\"a\": 7}", "decode P", "help quit", "quit"])
        }
    }

    /// Keys typed right after a paste act after it, in order, as Ctrl-C typed ahead does.
    @Test func keysTypedAfterAPasteFollowIt() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            let mark = terminal.mark
            terminal.type("\u{1B}[200~help qu\u{1B}[201~it\r\u{1B}[200~quit\u{1B}[201~\r")
            let seen = try await terminal.waitFor("leave Workbench", after: mark)
            #expect(!seen.contains("unknown command"), "\(seen)")
            #expect(try await terminal.waitForExit() == 0)
        }
    }
}
