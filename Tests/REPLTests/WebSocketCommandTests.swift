import Foundation
import SandboxTestSupport
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `ws`: each form's words and the statement it stands for, its usage errors, and a session that
/// opens the sandbox's echo, sends, decodes what came back and saves it.
@MainActor
@Suite struct WebSocketCommandTests {
    let command = WebSocketCommand()

    @Test("each form of ws is its statement, the message kept as typed")
    func statements() throws {
        let table: [(String, WorkbenchStatement)] = [
            ("", .webSocketState),
            ("sandbox/httpbin/ws/echo", .webSocket("sandbox/httpbin/ws/echo")),
            ("wss://example.com/feed?x=1", .webSocket("wss://example.com/feed?x=1")),
            ("send hello  there ", .webSocketSend("hello  there ")),
            ("send json {\"n\": 1}", .webSocketSendJSON("{\"n\": 1}")),
            ("send @frame.bin", .webSocketSendFile("frame.bin")),
            ("send @ not a file", .webSocketSend("@ not a file")),
            ("send jsonish", .webSocketSend("jsonish")),
            ("close", .webSocketClose(nil)),
            ("close 4000", .webSocketClose(4000)),
            ("wait", .webSocketWait(nil)),
            ("wait 3", .webSocketWait(3)),
        ]
        for (arguments, statement) in table {
            #expect(try command.statements(arguments) == [statement], "ws \(arguments)")
        }
    }

    @Test("a ws form without what it needs is one usage line")
    func usageErrors() {
        let errors = [
            ("send", "ws send needs a message: `ws send TEXT`, `ws send json {…}` or `ws send @FILE`"),
            ("send json", "ws send json needs JSON: `ws send json {\"n\": 1}`"),
            ("close soon", "'soon' is not a close code: `ws close 1000`"),
            ("wait -1", "'-1' is not a number of messages: `ws wait 3`"),
            ("a b", "ws takes one URL, got 'a b' (send, close and wait are its other words)"),
        ]
        for (arguments, message) in errors {
            #expect(throws: UsageError.self) { try command.statements(arguments) }
            do { _ = try command.statements(arguments) } catch { #expect("\(error)" == message, "ws \(arguments)") }
        }
    }

    @Test("a session opens the echo, decodes a message that came back into a declared model, and saves it as wb.ws… calls")
    func session() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let console = Console(capturingWithColors: false)
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            for line in ["ws sandbox/httpbin/ws/echo", #"ws send json {"id": 7, "name": "Ada"}"#, "ws wait 1",
                         "struct User: Codable { let id: Int; let name: String }", "decode User",
                         #"ws send json {"id": 8, "name": "Grace"}"#, "ws wait 2", "decode User --frame 1", "ws close"] {
                #expect(await session.evaluate(line), "\(line)")
            }
            #expect(console.capturedText.components(separatedBy: "\nUser\nUser(id: 7, name: \"Ada\")\n").count == 3, "\(console.capturedText)")
            #expect(await session.evaluate("decode User --frame 3") == false)
            #expect(console.capturedText.hasSuffix("error: no message 3 on the WebSocket: 2 have arrived\n"), "\(console.capturedText)")
            #expect(await session.evaluate("save socket --dir \(folder.url.path)"))
            let saved = try String(contentsOf: folder.url.appendingPathComponent("socket.swift"), encoding: .utf8)
            #expect(saved.contains("""
                try await wb.ws("sandbox/httpbin/ws/echo")
                try wb.wsSend(json: #"{"id": 7, "name": "Ada"}"#)
                try await wb.wsWait(messages: 1)
                """), "\(saved)")
            #expect(saved.contains("try wb.decode(User.self, frame: 1)\n"), "\(saved)")
            #expect(saved.contains("try await wb.wsClose()\n") || saved.contains("try await wb.wsClose(1000)\n"), "\(saved)")
        }
    }
}
