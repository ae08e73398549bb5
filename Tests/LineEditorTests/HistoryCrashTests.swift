import Foundation
import LineEditor
import TestSupport
import Testing

/// `workbench` killed (SIGKILL) at random moments while it writes its history file.
@Suite(.serialized) struct HistoryCrashTests {
    /// The bytes HistoryStore writes for `entries`: what a whole file with those entries is.
    func wholeFile(_ entries: [String], scratch: URL) throws -> Data {
        try? FileManager.default.removeItem(at: scratch)
        let store = HistoryStore(file: scratch)
        entries.forEach(store.add)
        try store.save()
        return try Data(contentsOf: scratch)
    }

    @Test func aKilledSessionLeavesTheWholeOldOrTheWholeNewHistory() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let directory = home.url.appendingPathComponent("state/workbench")
        let file = directory.appendingPathComponent("history")
        let scratch = home.url.appendingPathComponent("scratch-history")
        let capacity = Int(HistoryStore.capacity)
        var killedWhileWriting = 0
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
            // Typed at once: each input is saved as it is read, so the file is rewritten 40 times.
            terminal.type(inputs.map { $0 + "\r" }.joined())
            // A random moment later (reading its output meanwhile), the process dies.
            _ = try? await terminal.waitFor("\u{1}not printed", timeout: .microseconds(Int.random(in: 0...60_000)))
            kill(terminal.processID, SIGKILL)
            #expect(try await terminal.waitForExit() == 128 + SIGKILL)

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            if names.contains(where: { $0.hasPrefix(".history.") }) { killedWhileWriting += 1 }
            let bytes = try Data(contentsOf: file)
            let after = HistoryStore(file: file).entries
            let versions = (0...inputs.count).map { Array((before + inputs.prefix($0)).suffix(capacity)) }
            #expect(versions.contains(after), "run \(run): the file is no version of the history: \(after.suffix(3))")
            #expect(bytes == (try wholeFile(after, scratch: scratch)), "run \(run): the file is not whole")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        print("history: killed 100 times, \(killedWhileWriting) of them while a temporary file was being written")
    }
}
