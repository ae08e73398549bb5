import Foundation
import Testing
import SandboxTestSupport
import Sandbox

@Suite("Offline routing")
struct OfflineRoutingTests {
    static let sandbox = URL(string: "http://127.0.0.1:49731") ?? URL(fileURLWithPath: "/")

    @Test(arguments: [
        ("https://jsonplaceholder.typicode.com/users/1", "http://127.0.0.1:49731/jsonplaceholder/users/1"),
        ("https://jsonplaceholder.typicode.com/posts?userId=1&_limit=2", "http://127.0.0.1:49731/jsonplaceholder/posts?userId=1&_limit=2"),
        ("http://JSONPlaceholder.typicode.com/", "http://127.0.0.1:49731/jsonplaceholder/"),
        ("https://restcountries.com/v2/alpha/col", "http://127.0.0.1:49731/restcountries/v2/alpha/col"),
        ("https://restcountries.com/v3.1/name/peru?fullText=true", "http://127.0.0.1:49731/restcountries/v3.1/name/peru?fullText=true"),
        ("https://restcountries.eu/rest/v2/alpha?codes=col;no", "http://127.0.0.1:49731/restcountries/v2/alpha?codes=col;no"),
        ("https://official-joke-api.appspot.com/random_joke", "http://127.0.0.1:49731/jokes/random_joke"),
        ("https://official-joke-api.appspot.com/jokes/programming/ten", "http://127.0.0.1:49731/jokes/jokes/programming/ten"),
        ("https://collectionapi.metmuseum.org/public/collection/v1/search?q=cat", "http://127.0.0.1:49731/met/public/collection/v1/search?q=cat"),
        ("https://httpbin.org/status/418", "http://127.0.0.1:49731/httpbin/status/418"),
        ("https://httpbin.org/anything/a%20b?x=%26", "http://127.0.0.1:49731/httpbin/anything/a%20b?x=%26"),
    ])
    func realURLsMapToTheSandbox(real: String, expected: String) throws {
        let url = try #require(URL(string: real))
        #expect(OfflineRouting.sandboxURL(for: url, sandbox: Self.sandbox)?.absoluteString == expected)
        #expect(OfflineRouting.isServedOffline(url))
    }

    @Test(arguments: [
        "https://example.com/posts", "https://restcountries.com/v3/all", "https://restcountries.eu/v2/all",
        "https://collectionapi.metmuseum.org/other", "ftp://httpbin.org/get", "https://api.github.com/users",
    ])
    func otherURLsAreNotServed(real: String) throws {
        let url = try #require(URL(string: real))
        #expect(OfflineRouting.sandboxURL(for: url, sandbox: Self.sandbox) == nil)
    }

    /// `export swift` reads the routes backwards: a sandbox URL is the real service's, on its own
    /// host (the first a route names), and sending that offline comes back to the same sandbox URL.
    @Test(arguments: [
        ("http://127.0.0.1:49731/jsonplaceholder/posts?userId=1", "https://jsonplaceholder.typicode.com/posts?userId=1"),
        ("http://127.0.0.1:49731/jsonplaceholder", "https://jsonplaceholder.typicode.com/"),
        ("http://127.0.0.1:49731/restcountries/v2/alpha?codes=col;no", "https://restcountries.com/v2/alpha?codes=col;no"),
        ("http://127.0.0.1:49731/restcountries/v3.1/name/peru", "https://restcountries.com/v3.1/name/peru"),
        ("http://127.0.0.1:49731/jokes/jokes/programming/ten", "https://official-joke-api.appspot.com/jokes/programming/ten"),
        ("http://127.0.0.1:49731/met/public/collection/v1/search?q=cat", "https://collectionapi.metmuseum.org/public/collection/v1/search?q=cat"),
        ("http://127.0.0.1:49731/httpbin/anything/a%20b?x=%26", "https://httpbin.org/anything/a%20b?x=%26"),
    ])
    func sandboxURLsMapBackToTheRealServices(sandbox: String, expected: String) throws {
        let url = try #require(URL(string: sandbox))
        let real = try #require(OfflineRouting.realURL(for: url, sandbox: Self.sandbox))
        #expect(real.absoluteString == expected)
        #expect(OfflineRouting.sandboxURL(for: real, sandbox: Self.sandbox)?.absoluteString.trimmingCharacters(in: ["/"])
                == sandbox.trimmingCharacters(in: ["/"]))
    }

    /// Only the sandbox serves its APIs' OpenAPI documents and paths outside the routes; a URL on
    /// another port or host is not the sandbox's.
    @Test(arguments: [
        "http://127.0.0.1:49731/jsonplaceholder/openapi.json", "http://127.0.0.1:49731/met/public/collection/v1/openapi.json",
        "http://127.0.0.1:49731/restcountries/v5/all", "http://127.0.0.1:49731/", "http://127.0.0.1:49731/nothing/here",
        "http://127.0.0.1:1/jsonplaceholder/posts", "https://jsonplaceholder.typicode.com/posts",
    ])
    func whatOnlyTheSandboxServesHasNoRealURL(sandbox: String) throws {
        let url = try #require(URL(string: sandbox))
        #expect(OfflineRouting.realURL(for: url, sandbox: Self.sandbox) == nil)
    }

    @Test func aRealURLIsAnsweredByTheSandboxAndStaysAsTyped() async throws {
        try await LiveSandbox.with { base in
            let typed = "https://jsonplaceholder.typicode.com/users/1"
            let real = try #require(URL(string: typed))
            let local = try #require(OfflineRouting.sandboxURL(for: real, sandbox: base))
            let response = try await HTTPClient.shared.fetch(local)
            #expect(response.status == 200)
            #expect((try response.json() as? [String: Any])?["name"] as? String == "Leanne Graham")
            #expect(real.absoluteString == typed)
            let realCountry = try #require(URL(string: "https://restcountries.eu/rest/v2/alpha/col"))
            let country = try #require(OfflineRouting.sandboxURL(for: realCountry, sandbox: base))
            #expect((try await HTTPClient.shared.fetch(country).json() as? [String: Any])?["name"] as? String == "Colombia")
        }
    }
}
