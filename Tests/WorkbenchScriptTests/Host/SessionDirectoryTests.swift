import Foundation
import Testing
import ToolProcesses
@testable import WorkbenchScript

/// A session's files are kept in the process's own folder, which the next Workbench removes if
/// this one is killed.
@Suite struct SessionDirectoryTests {
    @Test func aSessionDirectoryIsInTheProcessFolder() throws {
        let session = try SessionDirectory()
        defer { session.remove() }
        #expect(session.url.path.hasPrefix(ProcessScratchFolder.url.path + "/prompt-"))
        #expect(FileManager.default.fileExists(atPath: session.url.path))
    }
}
