import Foundation
import Testing
import SandboxTestSupport
import Sandbox

/// Every route of the catalog answers, with the status and content type of the real API.
@Suite("Route table")
struct RouteTableTests {
    @Test(arguments: [
        ("GET", "/jsonplaceholder/db", 200, "application/json; charset=utf-8"),
        ("GET", "/jsonplaceholder", 200, "application/json; charset=utf-8"),
        ("GET", "/jsonplaceholder/todos/200", 200, "application/json; charset=utf-8"),
        ("GET", "/jsonplaceholder/posts?_limit=0", 200, "application/json; charset=utf-8"),
        ("HEAD", "/jsonplaceholder/posts/1", 200, "application/json; charset=utf-8"),
        ("GET", "/restcountries/v2/currency/cop", 200, "application/json; charset=utf-8"),
        ("GET", "/restcountries/v2/lang/es", 200, "application/json; charset=utf-8"),
        ("GET", "/restcountries/v3.1/subregion/south%20america", 200, "application/json; charset=utf-8"),
        ("GET", "/restcountries/v3.1/capital/lima", 200, "application/json; charset=utf-8"),
        ("GET", "/restcountries/v2/planet/earth", 404, "application/json; charset=utf-8"),
        ("GET", "/jokes", 200, "text/html; charset=utf-8"),
        ("GET", "/jokes/ping", 200, "text/html; charset=utf-8"),
        ("GET", "/jokes/nothing/here/at/all", 404, "text/html; charset=utf-8"),
        ("POST", "/jokes/random_joke", 404, "text/html; charset=utf-8"),
        ("GET", "/met/public/collection/v1/departments", 200, "application/json; charset=UTF-8"),
        ("GET", "/met/public/collection/v1/objects", 200, "application/json; charset=UTF-8"),
        ("GET", "/met/other", 404, "application/json; charset=utf-8"),
        ("GET", "/httpbin/ip", 200, "application/json; charset=utf-8"),
        ("GET", "/httpbin/user-agent", 200, "application/json; charset=utf-8"),
        ("GET", "/httpbin/uuid", 200, "application/json; charset=utf-8"),
        ("PUT", "/httpbin/put", 200, "application/json; charset=utf-8"),
        ("PATCH", "/httpbin/patch", 200, "application/json; charset=utf-8"),
        ("DELETE", "/httpbin/delete", 200, "application/json; charset=utf-8"),
        ("GET", "/httpbin/put", 405, "text/html"),
        ("GET", "/httpbin/nothing", 404, "text/html"),
        ("GET", "/httpbin/delay/soon", 404, "text/html"),
        ("GET", "/httpbin/delay/nan", 404, "text/html"),
        ("GET", "/httpbin/delay/-inf", 404, "text/html"),
        ("GET", "/httpbin/drip?duration=inf&delay=0&numbytes=1", 200, "application/octet-stream"),
        ("GET", "/httpbin/status/200:inf,500:1", 400, "text/html; charset=utf-8"),
        ("GET", "/httpbin/status/99", 400, "text/html; charset=utf-8"),
        ("GET", "/jsonplaceholder/users?username_like=(", 200, "application/json; charset=utf-8"),
    ])
    func routeAnswers(method: String, path: String, status: Int, contentType: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at(path), method: method)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == contentType)
            if method == "HEAD" { #expect(response.body.isEmpty) }
        }
    }

    @Test func limitZeroCountsAsNoLimit() async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at("/jsonplaceholder/posts?_limit=0"))
            #expect((try response.json() as? [Any])?.count == 100)
        }
    }

    @Test func apiURLsJoinTheBaseAndThePrefix() async throws {
        try await LiveSandbox.withSandbox { sandbox in
            #expect(sandbox.url(forAPI: "met")?.absoluteString == "http://127.0.0.1:\(sandbox.port)/met/public/collection/v1")
            #expect(sandbox.url(forAPI: "nope") == nil)
        }
    }

    @Test func headerValuesFromTheQueryCannotAddHeaders() async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at("/httpbin/response-headers?X-A=a%0D%0AInjected:%201"))
            #expect(response.status == 200)
            #expect(response.header("Injected") == nil)
            let redirect = try await HTTPClient.shared.fetch(base.at("/httpbin/redirect-to?url=/x%0D%0AInjected:%201"))
            #expect(redirect.header("Injected") == nil)
        }
    }
}
