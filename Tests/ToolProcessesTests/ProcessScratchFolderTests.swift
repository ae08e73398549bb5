import Foundation
import Testing
@testable import ToolProcesses

/// What a killed Workbench left in the temporary directory is removed by the next one.
@Suite struct ProcessScratchFolderTests {
    @Test(arguments: [
        ("workbench-1234", pid_t(1234)),
        ("workbench-7", pid_t(7)),
        ("workbench-1234-a1B2c3", pid_t(1234)),
        ("workbench-1234-abc", nil),
        ("workbench-", nil),
        ("workbench-12a", nil),
        ("workbench-test-compiler-cache", nil),
        ("workbench-prompt-XyOdbJ", nil),
        ("other-1234", nil),
    ])
    func aFolderNamesItsProcess(name: String, pid: pid_t?) {
        #expect(ProcessScratchFolder.owner(of: name) == pid)
    }

    @Test func foldersOfEndedProcessesAreRemovedAndOthersKept() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let ended = try Self.pidOfAnEndedProcess()
        let names = ["workbench-\(ended)", "workbench-\(getpid())", "workbench-1", "workbench-notes"]
        for name in names {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name).appendingPathComponent("prompt-x"),
                                                    withIntermediateDirectories: true)
        }
        ProcessScratchFolder.removeAbandoned(in: parent)
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        // pid 1 runs (init), this process runs, and a name with no pid is no process's.
        #expect(left == ["workbench-\(getpid())", "workbench-1", "workbench-notes"].sorted())
    }

    @Test func theProcessFolderIsPrivate() throws {
        let folder = ProcessScratchFolder.url
        #expect(folder.lastPathComponent == "workbench-\(getpid())")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    static func pidOfAnEndedProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
