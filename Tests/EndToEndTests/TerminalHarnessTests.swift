import Foundation
import TestSupport
import Testing

/// The terminal the end-to-end tests start programs at.
struct TerminalHarnessTests {
    /// A program started at a terminal holds only the terminal: a file a test beside it has open
    /// for writing would otherwise stay open in that program, and its close when the program
    /// exits would look like a save to a `play` watching the file.
    @Test func aProgramAtATerminalInheritsNothingButTheTerminal() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let held = open(home.url.appendingPathComponent("held.txt").path, O_WRONLY | O_CREAT, 0o644)
        #expect(held >= 3)
        defer { close(held) }
        let terminal = try PseudoTerminal(executable: "/bin/ls", arguments: ["/proc/self/fd"], environment: [:])
        #expect(try await terminal.waitForExit() == 0)
        // ls's own descriptor 3 is the folder it lists.
        let listed = terminal.output.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(listed == ["0", "1", "2", "3"], "\(terminal.output)")
    }
}
