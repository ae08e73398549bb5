import Foundation
import TestSupport
import Testing

/// The sandbox's sockets from the built `workbench`: messages printed above the prompt while a
/// line is typed (the line drawn again below them, intact), a session saved and replayed, and
/// Swift's own URLSessionWebSocketTask pointed to `ws`.
@Suite struct WebSocketTerminalTests {
    @Test("ticks arrive above the prompt while a line is typed, and the line is drawn again below them, intact")
    func messagesAboveThePrompt() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            // Ticks a second apart for half a minute: however long a busy machine takes to type the
            // line, ticks still arrive after it.
            terminal.type("ws sandbox/httpbin/ws/ticker?count=30&interval=1\r")
            try await terminal.waitFor("WebSocket open · ws://127.0.0.1:", after: mark)
            try await terminal.waitForPrompt("> ", after: mark)
            terminal.type("get sandbox/httpbin/anyth")
            try await terminal.waitFor("get sandbox/httpbin/anyth", after: mark)
            mark = terminal.mark
            let shown = try await terminal.waitFor("· JSON · ", after: mark, timeout: .seconds(20))
            #expect(shown.contains("← "), "a tick arrives while the line is typed: \(shown)")
            // Below the tick, the prompt and the keys typed so far are drawn again.
            let redrawn = try await terminal.waitFor("}\r\nwb> get sandbox/httpbin/anyth", after: mark)
            #expect(!redrawn.contains("get sandbox/httpbin/anything"), "the line is drawn as typed, not finished: \(redrawn)")
            mark = terminal.mark
            terminal.type("ing\r")
            try await terminal.waitFor("\"url\": \"http://127.0.0.1:", after: mark)
            mark = terminal.mark
            terminal.type("ws close\r")
            try await terminal.waitFor("WebSocket closed", after: mark)
        }
    }

    @Test("a session with a socket is saved as wb.ws… calls and replays, sending the same messages; URLSessionWebSocketTask gets its line")
    func savedAndReplayed() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = isolatedEnvironment(home: home.url)
        let typed = """
            ws sandbox/httpbin/ws/echo
            ws send json {"n": 1}
            ws wait 1
            let n = decode [String: Int]
            func twice() -> Int { (n["n"] ?? 0) * 2 }
            twice()
            ws close
            save socket --dir \(home.url.path)

            """
        let run = try await PipedRun.run(try Binaries.workbench, input: typed, environment: environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("twice(): Int\n2\n"), "\(run.output)")
        let replay = try await PipedRun.run(try Binaries.workbench, ["replay", home.url.appendingPathComponent("socket.swift").path],
                                            input: "", environment: environment)
        #expect(replay.status == 0, "\(replay.output)\(replay.errorOutput)")
        #expect(replay.output.contains("→ 1 · text · 8 B\n"), "\(replay.output)")
        #expect(replay.output.contains("← 1 · JSON · 8 B\n{\n  \"n\": 1\n}\n"), "\(replay.output)")
        #expect(replay.output.contains("» print(twice())\n2\n"), "\(replay.output)")
        #expect(replay.output.contains("WebSocket closed · 1000 normal closure · 1 received, 1 sent"), "\(replay.output)")

        let task = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: """
            let task = URLSession.shared.webSocketTask(with: URL(string: "wss://echo.example/socket")!)
            task.resume()

            """, environment: environment)
        #expect(task.output.contains("(URLSessionWebSocketTask fails on Linux, whose libcurl has no WebSocket: `ws URL` at the prompt"),
                "\(task.output)")
    }
}
