import Foundation
import Testing
import SandboxTestSupport
import Sandbox

/// Every route of the catalog answers, with the status and content type of the real API.
@Suite("Route table")
struct RouteTableTests {
    /// Method, path, status and content type; typed, so that the table type-checks at once.
    static let answers: [(String, String, Int, String)] = [
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
        // A method a route does not take, and paths no route takes, as each real service answers them.
        ("POST", "/httpbin/headers", 405, "text/html"),
        ("OPTIONS", "/httpbin/get", 405, "text/html"),
        ("GET", "/httpbin/cookies/set/name", 404, "text/html"),
        ("HEAD", "/httpbin/nothing", 404, "text/html"),
        ("POST", "/jsonplaceholder/posts/1", 404, "application/json; charset=utf-8"),
        ("GET", "/jsonplaceholder/posts/1/comments/1", 404, "application/json; charset=utf-8"),
        ("DELETE", "/jokes/types", 404, "text/html; charset=utf-8"),
        ("PUT", "/countries", 405, "application/json; charset=utf-8"),
        ("GET", "/countries/graphql?query=%7Bcontinents%7Bcode%7D%7D", 200, "application/json; charset=utf-8"),
        ("GET", "/met/openapi.json", 200, "application/json"),
        ("POST", "/", 404, "application/json; charset=utf-8"),
    ]

    @Test(arguments: answers)
    func routeAnswers(method: String, path: String, status: Int, contentType: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at(path), method: method)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == contentType)
            if method == "HEAD" { #expect(response.body.isEmpty) }
        }
    }

    @Test func unroutedAnswersAreTheRealServicesWords() async throws {
        try await LiveSandbox.with { base in
            let jokes = try await HTTPClient.shared.fetch(base.at("/jokes/jokes/ten/more"), method: "GET")
            #expect(String(decoding: jokes.body, as: UTF8.self) == "Cannot GET /jokes/ten/more")
            let placeholder = try await HTTPClient.shared.fetch(base.at("/jsonplaceholder/posts/1"), method: "POST")
            #expect(String(decoding: placeholder.body, as: UTF8.self) == "{}")
            let outside = try await HTTPClient.shared.fetch(base.at("/nothing/here"))
            #expect(try outside.json() as? [String: String] == [
                "error": "no sandbox API at '/nothing/here'; the sandbox serves /jsonplaceholder, /restcountries, /countries, "
                    + "/jokes, /met/public/collection/v1, /httpbin",
            ])
        }
    }

    /// HEAD is answered as GET without the body: the same status and headers, GET's length included.
    @Test func headIsGetWithoutTheBody() async throws {
        try await LiveSandbox.with { base in
            let get = try await HTTPClient.shared.fetch(base.at("/httpbin/json"))
            let head = try await HTTPClient.shared.fetch(base.at("/httpbin/json"), method: "HEAD")
            #expect(head.status == get.status && head.body.isEmpty && !get.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("Content-Type") == get.header("Content-Type"))
        }
    }

    @Test func aRouteServesThePathsAndTemplatesItsPatternTakes() throws {
        let routes = try #require(SandboxCatalog.api(named: "httpbin")?.routes)
        let anything = try #require(routes.first { $0.path == "/anything/**" })
        #expect(anything.serves("/anything/a") && anything.serves("/anything/a/b") && anything.serves("/anything/{anything}"))
        #expect(!anything.serves("/anything") && !anything.serves("/get/a"))
        let digest = try #require(routes.first { $0.path == "/digest-auth/{qop}/{user}/{passwd}" })
        #expect(digest.serves("/digest-auth/auth/ada/secret") && digest.serves("/digest-auth/{qop}/{user}/{passwd}"))
        #expect(!digest.serves("/digest-auth/auth/ada") && !digest.serves("/digest-auth/auth/ada/secret/MD5"))
        let get = try #require(routes.first { $0.path == "/get" })
        #expect(get.serves("/get") && !get.serves("/{name}") && !get.serves("/post"))
        #expect(get.listing == "GET /get")
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
