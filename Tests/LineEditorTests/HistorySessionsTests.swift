import Foundation
import LineEditor
import TestSupport
import Testing

/// Real `workbench` processes at terminals sharing one history file, as two windows do.
@Suite(.serialized) struct HistorySessionsTests {
    func start(home: TemporaryDirectory) async throws -> PseudoTerminal {
        try await PseudoTerminal.workbench(home: home.url)
    }

    /// Types `input` and waits until the input has run and the next prompt is reading keys.
    func enter(_ input: String, at terminal: PseudoTerminal) async throws {
        let mark = terminal.mark
        terminal.type(input + "\r")
        try await terminal.waitForPrompt(after: mark + input.utf8.count)
    }

    func historyFile(_ home: TemporaryDirectory) -> URL {
        home.url.appendingPathComponent("state/workbench/history")
    }

    @Test func twoWindowsOpenAtOnceBothKeepTheirInputs() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let first = try await start(home: home)
        let second = try await start(home: home)
        try await enter("help aaa", at: first)
        try await enter("help bbb", at: second)
        try await enter("query first=1", at: first)
        first.type("quit\r")
        #expect(try await first.waitForExit() == 0)
        second.type("quit\r")
        #expect(try await second.waitForExit() == 0)

        // The second "quit" repeats the entry before it, so it is dropped.
        #expect(HistoryStore(file: historyFile(home)).entries == ["help aaa", "help bbb", "query first=1", "quit"])
    }

    @Test func manyShortInterleavedSessionsLoseNothing() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let rounds = 5, together = 4, inputsEach = 3
        var expected: [[String]] = []
        for round in 0..<rounds {
            var terminals: [PseudoTerminal] = []
            for _ in 0..<together { terminals.append(try await start(home: home)) }
            let names = (0..<together).map { "r\(round)s\($0)" }
            expected += names.map { name in (0..<inputsEach).map { "query \(name)=\($0)" } }
            for input in 0..<inputsEach {
                for (terminal, name) in zip(terminals, names) {
                    try await enter("query \(name)=\(input)", at: terminal)
                }
            }
            for terminal in terminals {
                terminal.type("quit\r")
                #expect(try await terminal.waitForExit() == 0)
            }
        }

        let entries = HistoryStore(file: historyFile(home)).entries.filter { $0.hasPrefix("query ") }
        #expect(entries.count == rounds * together * inputsEach)
        for session in expected {
            let name = session[0].dropLast(2)
            #expect(entries.filter { $0.hasPrefix(name + "=") } == session)
        }
    }
}
