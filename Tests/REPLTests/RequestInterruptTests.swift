import Foundation
import Testing
import SandboxTestSupport
import TestSupport

/// Ctrl-C during a request, typed into the real binary through a pseudo-terminal.
@Suite(.serialized) struct RequestInterruptTests {
    @Test func ctrlCCancelsTheRequestInFlightAndTheSessionGoesOn() async throws {
        try await LiveSandbox.with { root in
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let terminal = try PseudoTerminal(
                executable: try Binaries.workbench, arguments: [],
                environment: ["HOME": home.url.path, "TERM": "xterm", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
            try await terminal.waitFor("> ")
            terminal.type("url \(root.absoluteString)/httpbin/delay/10\r")
            var mark = terminal.mark
            terminal.type("send\r")
            // The spinner shows the request is in flight (it appears after ~300 ms on a terminal).
            try await terminal.waitFor("⠋", after: mark, timeout: .seconds(8))
            terminal.type("\u{3}")
            try await terminal.waitFor("cancelled", after: mark, timeout: .seconds(5))
            mark = terminal.mark
            terminal.type("url \(root.absoluteString)/httpbin/get\r")
            terminal.type("send\r")
            // Generous: on a loaded 2-core machine the suites running beside this one can starve it.
            try await terminal.waitFor("HTTP 200 OK", after: mark, timeout: .seconds(60))
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func thePromptShowsTheCurrentHost() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, arguments: [],
            environment: ["HOME": home.url.path, "TERM": "xterm", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        try await terminal.waitFor("wb> ")
        terminal.type("base sandbox/jsonplaceholder\r")
        try await terminal.waitFor("wb jsonplaceholder> ")
        let mark = terminal.mark
        terminal.type("get /users/1\r")
        try await terminal.waitFor("HTTP 200 OK · application/json", after: mark)
        try await terminal.waitFor("wb jsonplaceholder> ", after: mark)
        terminal.type("quit\r")
        #expect(try await terminal.waitForExit() == 0)
    }
}
