import Foundation
import TestSupport
import Testing
@testable import WorkbenchKit

/// Servers that lie or misbehave: each ends the request with one error line (or a response), in
/// bounded time, and the session goes on.
@MainActor
@Suite struct HostileServerTests {
    let console = capturedConsole()

    nonisolated static func response(_ head: String, body: String = "") -> ScriptedServer.Answer {
        .bytes(Array((head + "\r\n\r\n" + body).utf8))
    }

    /// Each misbehaviour, and the error it gives (nil: libcurl takes it and there is a response).
    nonisolated static let cases: [(String, ScriptedServer.Answer, expected: String?)] = [
        ("a 1 MB header block", response("HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 1 << 20)),
         "the response headers are too large"),
        ("10,000 headers", response("HTTP/1.1 200 OK\r\n" + (0..<10_000).map { "X-H\($0): v" }.joined(separator: "\r\n") + "\r\nContent-Length: 2", body: "{}"),
         nil),
        ("a status line that is not HTTP", .bytes(Array("HELLO THERE\r\n\r\n".utf8)), "the server's reply is not HTTP"),
        ("a body cut short of its Content-Length", response("HTTP/1.1 200 OK\r\nContent-Length: 100", body: String(repeating: "x", count: 50)),
         "the server closed the connection 50 bytes before the end of the body"),
        ("a redirect to a non-http scheme", response("HTTP/1.1 302 Found\r\nLocation: ftp://127.0.0.1/file\r\nContent-Length: 0"),
         "'ftp' is not a scheme URLSession follows"),
        ("a server that never answers", .silence, "timed out after 3 s"),
    ]

    @Test(arguments: 0..<6)  // cases.indices, which the macro cannot read from here
    func aMisbehavingServerIsOneLineAndTheSessionGoesOn(_ index: Int) async throws {
        let (name, answer, expected) = Self.cases[index]
        let server = try ScriptedServer(answer)
        let wb = Workbench(console: console)
        // Only the server that never answers waits out the timeout; the others end sooner, and a
        // longer bound keeps a loaded machine (the whole suite in parallel) from timing them out.
        wb.options.timeout = expected == "timed out after 3 s" ? 3 : 30
        do {
            let exchange = try await wb.get(server.url)
            #expect(expected == nil, "\(name): answered \(exchange.response.statusCode)")
            #expect(exchange.response.statusCode == 200, "\(name)")
        } catch {
            let line = "\(error)"
            #expect(!line.contains("\n"), "\(name): \(line)")
            #expect(expected.map(line.contains) == true, "\(name): \(line)")
        }
        // The session goes on: the same Workbench still builds and sends.
        let next = try ScriptedServer(Self.response("HTTP/1.1 200 OK\r\nContent-Length: 2", body: "{}"))
        let exchange = try await wb.get(next.url)
        #expect(exchange.response.statusCode == 200, "\(name)")
    }

    @Test func aBodyWithoutALengthStopsAtMaxBodyAndKeepsNothing() async throws {
        let server = try ScriptedServer(Self.response("HTTP/1.1 200 OK\r\nConnection: close", body: String(repeating: "x", count: 5000)))
        let wb = Workbench(console: console)
        wb.maxBodyBytes = 1000
        await #expect(throws: WorkbenchError.responseTooLarge(limit: 1000, url: server.url)) { try await wb.get(server.url) }
        #expect(wb.exchanges.isEmpty)
    }

    @Test func aContentLengthOverMaxBodyIsRefusedBeforeReading() async throws {
        // The server announces 3 GB and sends a few bytes; nothing of it is waited for or kept.
        let server = try ScriptedServer(Self.response("HTTP/1.1 200 OK\r\nContent-Length: 3221225472", body: "{}"))
        let wb = Workbench(console: console)
        wb.timeout = 20
        let error = await #expect(throws: WorkbenchError.self) { try await wb.get(server.url) }
        #expect(error == .responseTooLarge(limit: 256 << 20, url: server.url, declared: 3 << 30))
        #expect("\(error.map { "\($0)" } ?? "")".contains("set max-body"))
    }
}

