import Foundation
import TestSupport
import Testing

/// A session keeps what it writes under `/tmp/workbench-<pid>`: gone when it quits, and when it
/// was killed outright, gone once the next session starts.
@Suite(.serialized) struct ScratchFolderTests {
    static func folder(of pid: pid_t) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("workbench-\(pid)").path
    }

    static func entries() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("workbench-") })
    }

    @Test func aKilledSessionsFolderIsRemovedByTheNextAndAQuitOneLeavesNothing() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let before = Self.entries()

        let killed = try await PseudoTerminal.workbench(home: home.url)
        var mark = killed.mark
        killed.type("[1, 2, 3].map { $0 * 2 }\r")
        try await killed.waitFor("[2, 4, 6]", after: mark)
        let killedFolder = Self.folder(of: killed.processID)
        let inside = try FileManager.default.contentsOfDirectory(atPath: killedFolder)
        #expect(inside.contains { $0.hasPrefix("prompt-") }, "\(inside)")
        kill(killed.processID, SIGKILL)
        _ = try await killed.waitForExit()
        // Killed outright, it removed nothing: the next session to start does (another test's
        // session may already have).

        let next = try await PseudoTerminal.workbench(home: home.url)
        mark = next.mark
        next.type("[4].map { $0 + 1 }\r")
        try await next.waitFor("[5]", after: mark)
        #expect(!FileManager.default.fileExists(atPath: killedFolder))
        try await next.waitForRawMode()
        next.type("quit\r")
        #expect(try await next.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.folder(of: next.processID)))
        // Nothing new of theirs; other tests' running sessions may have folders of their own.
        let new = Self.entries().subtracting(before).filter { name in
            ["workbench-\(killed.processID)", "workbench-\(next.processID)"].contains(name)
        }
        #expect(new.isEmpty, "\(new)")
    }
}
