import Foundation
import LineEditor
import TestSupport
import Testing

/// `workbench` killed (SIGKILL) at random moments while it writes its history file.
@Suite(.serialized) struct HistoryCrashTests {
    /// The entries of the file's whole lines, however many (a load keeps the last `capacity`);
    /// these inputs have no escapes but spaces.
    func wholeLines(_ bytes: Data) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        return lines.map { $0.replacingOccurrences(of: "\\040", with: " ") }
    }

    @Test func aKilledSessionLeavesTheWholeOldOrTheWholeNewHistory() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let directory = home.url.appendingPathComponent("state/workbench")
        let file = directory.appendingPathComponent("history")
        let capacity = Int(HistoryStore.capacity)
        var killedWhileWriting = 0, unfinished = 0
        let seed = HistoryStore(file: file)
        seed.add("help")
        try seed.save()
        for run in 0..<100 {
            let before = HistoryStore(file: file).entries
            let inputs = (0..<40).map { "query k\(run)=\($0)" }
            let terminal = try PseudoTerminal(
                executable: try Binaries.workbench,
                environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"]))
            try await terminal.waitForPrompt()
            // Typed at once: each input is saved as it is read, so the file is appended to 40 times
            // (and rewritten whole when it holds twice the capacity).
            terminal.type(inputs.map { $0 + "\r" }.joined())
            // A random moment later (reading its output meanwhile), the process dies.
            _ = try? await terminal.waitFor("\u{1}not printed", timeout: .microseconds(Int.random(in: 0...60_000)))
            kill(terminal.processID, SIGKILL)
            #expect(try await terminal.waitForExit() == 128 + SIGKILL)

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if names.contains(where: { $0.hasPrefix(".history.") }) { killedWhileWriting += 1 }
            let bytes = try Data(contentsOf: file)
            // A line cut by the kill is cut off by the next load (just below) or save.
            if bytes.last != UInt8(ascii: "\n") { unfinished += 1 }
            let after = HistoryStore(file: file).entries
            let versions = (0...inputs.count).map { Array((before + inputs.prefix($0)).suffix(capacity)) }
            #expect(versions.contains(after), "run \(run): the file is no version of the history: \(after.suffix(3))")
            #expect(bytes.starts(with: Data("_HiStOrY_V2_\n".utf8)), "run \(run): the file lost its first line")
            let lines = wholeLines(bytes)
            #expect(Array(lines.suffix(capacity)) == after, "run \(run): the file's lines are not what loads")
            #expect(lines.count <= 2 * capacity, "run \(run): \(lines.count) lines, more than twice the capacity")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        print("history: killed 100 times, \(killedWhileWriting) of them while a temporary file was being written, "
              + "\(unfinished) leaving an unfinished last line")
    }
}
