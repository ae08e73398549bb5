import Foundation
import Testing
import SandboxTestSupport
@testable import Sandbox

@Suite("Sandbox server")
struct SandboxServerTests {
    let client = HTTPClient.shared

    @Test func bindsLoopbackOnAnEphemeralPort() async throws {
        try await LiveSandbox.withSandbox { sandbox in
            #expect(sandbox.host == "127.0.0.1")
            #expect(sandbox.port > 0)
            #expect(sandbox.baseURL.absoluteString == "http://127.0.0.1:\(sandbox.port)")
        }
    }

    @Test func twoSandboxesGetTwoPorts() async throws {
        try await LiveSandbox.withSandbox { first in
            try await LiveSandbox.withSandbox { second in
                #expect(first.port != second.port)
            }
        }
    }

    @Test func aPortInUseIsAnErrorNamingIt() async throws {
        try await LiveSandbox.withSandbox { sandbox in
            await #expect {
                _ = try await Sandbox.start(port: sandbox.port)
            } throws: { error in
                guard case .cannotListen(let host, let port, _) = error as? SandboxError else { return false }
                return host == "127.0.0.1" && port == sandbox.port
            }
        }
    }

    @Test func anInvalidPortIsRefusedBeforeBinding() async throws {
        await #expect(throws: SandboxError.invalidPort(70000)) {
            _ = try await Sandbox.start(port: 70000)
        }
        #expect(SandboxError.invalidPort(70000).description == "sandbox port '70000' is not between 0 and 65535")
    }

    @Test func stopEndsTheServerAndWaitUntilStoppedReturns() async throws {
        let sandbox = try await Sandbox.start()
        let url = sandbox.baseURL.at("/jokes/types")
        #expect(try await client.fetch(url).status == 200)
        await sandbox.stop()
        try await sandbox.waitUntilStopped()
        await #expect(throws: (any Error).self) { _ = try await client.fetch(url) }
    }

    @Test func rootListsEveryAPI() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/"))
            #expect(response.status == 200)
            let apis = try #require((try response.json() as? [String: Any])?["apis"] as? [[String: Any]])
            #expect(apis.compactMap { $0["prefix"] as? String } == SandboxCatalog.apis.map(\.prefix))
        }
    }

    @Test func anUnknownPrefixIs404NamingThePath() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/nowhere/1"))
            #expect(response.status == 404)
            let message = try #require((try response.json() as? [String: Any])?["error"] as? String)
            #expect(message.hasPrefix("no sandbox API at '/nowhere/1'"))
        }
    }

    @Test func fiftyConcurrentRequestsAreAllAnsweredCorrectly() async throws {
        try await LiveSandbox.with { base in
            let results = try await withThrowingTaskGroup(of: (Int, Int, Int?).self) { group in
                for index in 1...50 {
                    let id = (index - 1) % 100 + 1
                    group.addTask {
                        let response = try await HTTPClient.shared.fetch(base.at("/jsonplaceholder/posts/\(id)"))
                        let post = try response.json() as? [String: Any]
                        return (id, response.status, post?["id"] as? Int)
                    }
                }
                var collected: [(Int, Int, Int?)] = []
                for try await result in group { collected.append(result) }
                return collected
            }
            #expect(results.count == 50)
            for (id, status, returnedID) in results {
                #expect(status == 200)
                #expect(returnedID == id)
            }
        }
    }

    @Test func aMissingDatasetIsAnErrorNamingTheFile() {
        #expect(throws: SandboxDataError.missing("jsonplaceholder/nothing.json")) {
            _ = try SandboxDataFile.bytes("jsonplaceholder/nothing.json")
        }
        #expect(SandboxDataError.missing("a.json").response.status == 500)
        #expect(SandboxDataError.missing("a.json").description == "sandbox dataset 'Data/a.json' is missing from the package resources")
    }

    @Test func aMissingOpenAPIDocumentIsA500NamingTheFile() {
        let api = SandboxAPI(name: "nothing", prefix: "/nothing", title: "", realHosts: [], routes: [],
                             notFound: { _ in SandboxResponse(status: 404) })
        #expect(api.openAPIPath == "/nothing/openapi.json")
        #expect(api.routes.map(\.listing) == ["GET /openapi.json  this API's OpenAPI 3.1 document"])
        let response = SandboxOpenAPI.response(forAPI: api.name)
        #expect(response.status == 500)
        let body = String(decoding: response.bodyBytes ?? [], as: UTF8.self)
        #expect(body.contains("sandbox dataset 'Data/openapi/nothing.json' is missing from the package resources"))
    }

    @Test func catalogNamesResolveAndRoutesAreListed() {
        #expect(SandboxCatalog.apis.map(\.name) == ["jsonplaceholder", "restcountries", "countries", "jokes", "met", "httpbin"])
        #expect(SandboxCatalog.api(named: "JSONPlaceholder")?.prefix == "/jsonplaceholder")
        #expect(SandboxCatalog.api(named: "nope") == nil)
        #expect(SandboxCatalog.apis.allSatisfy { !$0.routes.isEmpty && !$0.realHosts.isEmpty })
    }
}
