import Foundation
import TestSupport
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Requests in the host: made live they come back to the REPL (with `wb`'s request), made
/// by an earlier input they are answered from the recording and never sent again.
@MainActor
@Suite(.serialized) struct HostRequestTests {
    func session(server: CountingServer, secrets: [String: String] = [:]) -> HostSession {
        HostSession(configuration: HostConfiguration(settings: PromptSettings(sandboxURL: server.baseURL), secrets: secrets))
    }

    @Test func requestsInALoopComeBackAndAreNotSentAgain() async throws {
        let server = try CountingServer(body: #"[{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]"#)
        defer { server.stop() }
        let session = session(server: server)
        await session.run("try wb.base(\"\(server.baseURL.absoluteString)/api\")")
        let (output, outcome) = await session.run(#"for id in 1...3 { try await wb.get("/items/\(id)", query: ["q": "x"]) }"#)
        #expect(outcome.succeeded)
        #expect(outcome.exchanges.map(\.url.path) == ["/api/items/1", "/api/items/2", "/api/items/3"])
        #expect(output.components(separatedBy: "HTTP 200 OK").count == 4)
        #expect(server.requests == ["GET /api/items/1?q=x HTTP/1.1", "GET /api/items/2?q=x HTTP/1.1", "GET /api/items/3?q=x HTTP/1.1"])
        let state = try #require(outcome.requestState)
        #expect(state.request.components.path == "/api/items/3" && state.request.queryItems == [URLQueryItem(name: "q", value: "x")])

        await session.run("struct Item: Codable { let id: Int; let title: String }")
        let decoded = await session.run("let items = try wb.decode([Item].self)")
        #expect(decoded.outcome.succeeded && decoded.output.hasPrefix("[Item] · 2 values\n"))
        #expect(await session.run("items.map(\\.title)").output == shown("items.map(\\.title)", ["a", "b"], type: "[String]"))
        #expect(server.requests.count == 3)
    }

    @Test func aRequestFromAFunctionOrAnotherWorkbenchIsReported() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let session = session(server: server)
        let (_, outcome) = await session.run("""
            @MainActor func fetch(_ path: String) async throws -> Int {
                let other = Workbench(base: "\(server.baseURL.absoluteString)")
                return try await other.get(path).response.statusCode
            }
            let status = try await fetch("/one")
            """)
        #expect(outcome.succeeded)
        #expect(outcome.exchanges.map(\.url.path) == ["/one"])
        #expect(await session.run("status").output == shown("status", 200, type: "Int"))
        #expect(server.requests.count == 1)
    }

    @Test func aSecretReachesTheProgramOnlyThroughItsEnvironment() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let session = session(server: server, secrets: ["API_TOKEN": "s3cret-value"])
        let source = #"try wb.header("Authorization", ProcessInfo.processInfo.environment["API_TOKEN"] ?? "")"#
        await session.run(source)
        let (_, outcome) = await session.run("try await wb.get(\"\(server.baseURL.absoluteString)/x\")")
        #expect(outcome.exchanges.first?.requestHeaders["Authorization"] == "s3cret-value")
        #expect(outcome.requestState?.request.headers["Authorization"] == "s3cret-value")
    }
}
