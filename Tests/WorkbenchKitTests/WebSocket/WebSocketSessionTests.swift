import Foundation
import SandboxTestSupport
import TestSupport
import Testing

@testable import WorkbenchKit

/// `wb.ws…` against the sandbox's sockets and against servers that misbehave: what the session
/// prints, message by message, and the one line each failure is.
@MainActor
@Suite struct WebSocketSessionTests {
    let console = capturedConsole()

    func lines() -> [String] { output(of: console).split(separator: "\n").map(String.init) }

    @Test("the echo sends back text, JSON and a file's bytes, numbered; decode reads the last; close says how it ended")
    func echo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("frame.bin")
        try Data([0, 1, 2, 0xFF]).write(to: file)
        try await withLiveSandbox { root in
            let wb = Workbench(console: console)
            wb.sandboxURL = root
            try await wb.ws("sandbox/httpbin/ws/echo")
            #expect(lines().first?.hasPrefix("WebSocket open · ws://\(root.host ?? ""):\(root.port ?? 0)/httpbin/ws/echo · ") == true)
            clearOutput(console)
            try wb.wsSend("hello there")
            try await wb.wsWait(messages: 1)
            try wb.wsSend(json: #"{"n": [1, 2]}"#)
            try await wb.wsWait(messages: 2)
            try wb.wsSend(file: file.path)
            try await wb.wsWait(messages: 3)
            #expect(lines() == [
                "→ 1 · text · 11 B", "← 1 · text · 11 B", "hello there",
                "→ 2 · text · 13 B", "← 2 · JSON · 13 B", "{", "  \"n\": [", "    1,", "    2", "  ]", "}",
                "→ 3 · binary · 4 B", "← 3 · binary · 4 B", "00000000  00 01 02 ff                                      ....",
            ])
            clearOutput(console)
            try wb.wsSend(json: #"[{"id": 1}]"#)
            try await wb.wsWait(messages: 4)
            #expect(String(decoding: try #require(wb.currentDocument).data, as: UTF8.self) == #"[{"id": 1}]"#)
            try await wb.get("sandbox/httpbin/get")
            #expect(String(decoding: try #require(wb.currentDocument).data, as: UTF8.self).contains("\"url\""), "a later response is read instead")
            clearOutput(console)
            try await wb.wsClose()
            try wb.wsState()
            #expect(lines() == ["WebSocket closed · 1000 normal closure · 4 received, 4 sent",
                                "WebSocket closed · 1000 normal closure · 4 received, 4 sent"])
            #expect(throws: WorkbenchError.noWebSocket(ended: "closed · 1000 normal closure")) { try wb.wsSend("late") }
            #expect(throws: WorkbenchError.invalidWebSocketJSON(reason: "expected a string key or '}', found ','", line: 1, column: 2)) {
                try wb.wsSend(json: "{,")
            }
        }
    }

    @Test("the ticker's messages arrive on their own, then its close with 1000 \"done\"; wsWait() waits for it")
    func ticker() async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: console)
            wb.sandboxURL = root
            try await wb.ws("sandbox/httpbin/ws/ticker?count=3&interval=0.05")
            try await wb.wsWait()
            // After the socket's first two lines (its ticks may print while those are still being read).
            #expect(Array(lines().dropFirst(2)) == [
                "← 1 · JSON · 38 B", "{", "  \"tick\": 1,", "  \"of\": 3,", "  \"interval\": 0.05", "}",
                "← 2 · JSON · 38 B", "{", "  \"tick\": 2,", "  \"of\": 3,", "  \"interval\": 0.05", "}",
                "← 3 · JSON · 38 B", "{", "  \"tick\": 3,", "  \"of\": 3,", "  \"interval\": 0.05", "}",
                "WebSocket closed by the server · 1000 normal closure \"done\"",
            ])
        }
    }

    @Test("a server that never answers the upgrade is one line after the timeout; one that answers 404 is another")
    func noUpgrade() async throws {
        let silent = try ScriptedServer(.silence)
        let wb = Workbench(console: console)
        wb.timeout = 0.3
        let url = "ws://127.0.0.1:\(silent.port)/socket"
        await #expect(throws: WorkbenchError.webSocketNoUpgrade(url: url, seconds: 0.3)) { try await wb.ws(url) }
        let refusing = try ScriptedServer(.bytes(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)))
        await #expect(throws: WorkbenchError.webSocketRefused(url: "ws://127.0.0.1:\(refusing.port)/x", status: "404 Not Found", needsCredentials: false)) {
            try await wb.ws("ws://127.0.0.1:\(refusing.port)/x")
        }
        let wrongKey = try ScriptedServer(.bytes(Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: nope\r\n\r\n".utf8)))
        await #expect(throws: WorkbenchError.webSocketHandshake(url: "ws://127.0.0.1:\(wrongKey.port)/",
                                                                reason: "its Sec-WebSocket-Accept is not the one for the key sent")) {
            try await wb.ws("ws://127.0.0.1:\(wrongKey.port)/")
        }
        #expect(throws: WorkbenchError.noWebSocket(ended: nil)) { try wb.wsState() }
        let closed = try ClosedLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        await #expect(throws: WorkbenchError.transportFailure(TransportFailure(cause: .connectionRefused, code: 7, detail: "Couldn't connect to server"),
                                                             url: "ws://127.0.0.1:\(closed.port)/x")) { try await wb.ws("ws://127.0.0.1:\(closed.port)/x") }
    }

    @Test("a 16 MB frame over max-body ends the socket with 1009 and one line; a server's own close code is named")
    func serverFrames() async throws {
        let huge = try ScriptedServer(.answering { request in
            Self.upgrade(request) + [0x82, 0x7F, 0, 0, 0, 0, 1, 0, 0, 0] + [UInt8](repeating: 0x41, count: 1 << 16)
        })
        let wb = Workbench(console: console)
        wb.maxBodyBytes = 1 << 20
        try await wb.ws("ws://127.0.0.1:\(huge.port)/big")
        try await wb.wsWait()
        // The frame's header came with the server's 101: its line follows the socket's first two.
        #expect(Array(lines().dropFirst(2)) == ["error: WebSocket failed: a frame of 16.0 MB is larger than max-body (1.0 MB); closed with 1009"])
        clearOutput(console)
        let closing = try ScriptedServer(.answering { request in
            Self.upgrade(request) + [0x81, 0x02] + Array("hi".utf8) + [0x88, 0x06, 0x0F, 0xA1] + Array("bye!".utf8)
        })
        try await wb.ws("ws://127.0.0.1:\(closing.port)/")
        try await wb.wsWait()
        try wb.wsState()
        #expect(Array(lines().suffix(4)) == ["← 1 · text · 2 B", "hi", "WebSocket closed by the server · 4001 (the application's own) \"bye!\"",
                                             "WebSocket closed by the server · 4001 (the application's own) \"bye!\" · 1 received, 0 sent"])
    }

    @Test("close codes a client may not send are refused before anything is sent")
    func closeCodes() async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: console)
            wb.sandboxURL = root
            try await wb.ws("sandbox/httpbin/ws/echo")
            for code in [999, 1005, 1006, 1015, 2000, 5000] {
                await #expect(throws: WorkbenchError.invalidWebSocketCloseCode(code)) { try await wb.wsClose(code) }
            }
            clearOutput(console)
            try await wb.wsClose(4000)
            #expect(lines() == ["WebSocket closed · 4000 (the application's own) · 0 received, 0 sent"])
        }
    }

    /// A server's `101` for `request`, its accept key made from the request's key.
    nonisolated static func upgrade(_ request: [UInt8]) -> [UInt8] {
        let text = String(decoding: request, as: UTF8.self)
        let key = text.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { String($0.dropFirst("sec-websocket-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
        return Array(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(for: key))\r\n\r\n").utf8)
    }
}
