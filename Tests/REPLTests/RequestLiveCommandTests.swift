import Foundation
import Testing
import SandboxTestSupport
import WorkbenchKit
@testable import REPL

/// The send and inspect commands against the live sandbox, as a new user types them.
@MainActor
@Suite struct RequestLiveCommandTests {
    let console = Console(capturingWithColors: false)

    func withSession(_ body: @MainActor (Session) async throws -> Void) async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            try await body(session)
        }
    }

    /// The "done means" walk of the issue: Met search, url, send, status, headers, body.
    @Test func metSearchWalkThrough() async throws {
        try await withSession { session in
            for line in ["base sandbox/met/public/collection/v1", "path search", "query q=sunflowers", "url", "send"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            let text = console.capturedText
            #expect(text.contains("  query item  q = sunflowers\n"))
            #expect(text.contains("/met/public/collection/v1/search?q=sunflowers\nHTTP 200 OK · application/json · "))
            console.clearCaptured()
            #expect(await session.evaluate("status"))
            #expect(console.capturedText == "200 OK\n2xx success: the request was received, understood and accepted\n")
            console.clearCaptured()
            #expect(await session.evaluate("headers content-type"))
            #expect(console.capturedText.hasPrefix("application/json"))
            console.clearCaptured()
            #expect(await session.evaluate("body --raw"))
            let body = try #require(session.workbench.lastExchange?.response.body)
            #expect(console.capturedText.hasPrefix(String(decoding: body, as: UTF8.self)))
            #expect(session.promptLabel == "met")
        }
    }

    @Test func shorthandSetsAndSends() async throws {
        try await withSession { session in
            #expect(await session.evaluate("base sandbox/httpbin"))
            #expect(await session.evaluate("post /anything q==1 X-Trace:abc title='Hello there' n:=2"))
            let exchange = try #require(session.workbench.lastExchange)
            let echoed = try #require(JSONSerialization.jsonObject(with: exchange.response.body) as? [String: Any])
            #expect((echoed["args"] as? [String: Any])?["q"] as? String == "1")
            #expect((echoed["headers"] as? [String: Any])?["X-Trace"] as? String == "abc")
            let json = try #require(echoed["json"] as? [String: Any])
            #expect(json["title"] as? String == "Hello there" && json["n"] as? Int == 2)
            console.clearCaptured()
            #expect(await session.evaluate("history"))
            #expect(console.capturedText.hasPrefix("1  POST    200"))
        }
    }

    /// `sandbox/NAME/…` is the sandbox wherever a URL is accepted, as in `base`: with no base, and
    /// with a base elsewhere (not a path under it); its API becomes the base.
    @Test func sandboxAddressesWorkInVerbsAndURL() async throws {
        try await withSession { session in
            let root = try #require(session.sandboxURL?.absoluteString)
            #expect(await session.evaluate("get sandbox/jokes/jokes/programming/ten"), "\(console.capturedText)")
            #expect(session.workbench.lastExchange?.url.absoluteString == root + "/jokes/jokes/programming/ten")
            #expect(session.workbench.lastExchange?.response.statusCode == 200)
            #expect(session.promptLabel == "jokes")
            #expect(await session.evaluate("get /jokes/1"), "\(console.capturedText)")
            #expect(session.workbench.lastExchange?.url.absoluteString == root + "/jokes/jokes/1")
            #expect(await session.evaluate("base sandbox/jsonplaceholder"))
            #expect(await session.evaluate("url sandbox/restcountries/v2/alpha/deu?fields=name"))
            #expect(try session.workbench.request.url().absoluteString == root + "/restcountries/v2/alpha/deu?fields=name")
            #expect(session.promptLabel == "restcountries")
            // Inside the base it stays the base: the path is what the URL says.
            #expect(await session.evaluate("get sandbox/restcountries/v2/alpha/fra"))
            #expect(session.workbench.lastExchange?.response.statusCode == 200)
            #expect(await session.evaluate("get /v2/alpha/ita"))
            #expect(session.workbench.lastExchange?.url.absoluteString == root + "/restcountries/v2/alpha/ita")
        }
    }

    /// A verb in any case is the verb (`GET /get` as in a request line); the saved step is the same.
    @Test func verbsAreCaseInsensitive() async throws {
        try await withSession { session in
            #expect(await session.evaluate("base sandbox/httpbin"))
            #expect(await session.evaluate("GET /get q==1"), "\(console.capturedText)")
            #expect(await session.evaluate("Post /post"), "\(console.capturedText)")
            #expect(session.workbench.exchanges.map(\.method) == ["GET", "POST"])
            let upper = try session.commands.invocation(of: "GET /get")?.statements(), lower = try session.commands.invocation(of: "get /get")?.statements()
            #expect(upper == lower)
        }
    }

    /// A second `query NAME=VALUE` refines the search: it replaces the first, `+=` adds.
    @Test func queryReplacesAndPlusEqualsAdds() async throws {
        try await withSession { session in
            for line in ["base sandbox/httpbin", "path /get", "query q=sunflowers", "query q=cat", "query ids=1", "query ids+=2"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            let url = try session.workbench.request.url()
            #expect(url.query == "q=cat&ids=1&ids=2")
        }
    }

    @Test func notFoundIsShownAndTheLineSucceeds() async throws {
        try await withSession { session in
            #expect(await session.evaluate("base sandbox/jsonplaceholder"))
            #expect(await session.evaluate("get /posts/999999"))
            #expect(console.capturedText.hasPrefix("HTTP 404 Not Found"))
        }
    }

    @Test func timeoutAndRefusalAreOneLineErrors() async throws {
        try await withSession { session in
            #expect(await session.evaluate("base sandbox/httpbin"))
            #expect(await session.evaluate("set timeout 0.3"))
            #expect(await !session.evaluate("get /delay/2"))
            #expect(console.capturedText.hasSuffix("/httpbin/delay/2 timed out after 0.3 s — try again, or `set timeout SECONDS` for more time\n"))
            #expect(console.capturedText.split(separator: "\n").count == 1)
        }
    }

    @Test func offlineModeAnswersRealURLsFromTheSandbox() async throws {
        try await withSession { session in
            session.offline = true
            #expect(await session.evaluate("get https://jsonplaceholder.typicode.com/users/1"))
            #expect(console.capturedText.hasPrefix("HTTP 200 OK · application/json · "))
            #expect(console.capturedText.split(separator: "\n").first?.hasSuffix(" · offline") == true)
            #expect(session.workbench.lastExchange?.url.absoluteString == "https://jsonplaceholder.typicode.com/users/1")
            #expect(session.promptLabel == "jsonplaceholder")
            console.clearCaptured()
            #expect(await session.evaluate("curl"))
            #expect(console.capturedText == "curl https://jsonplaceholder.typicode.com/users/1\n")
        }
    }

    /// Issue 36: a host typed without a scheme is the host, not a path under the current one.
    @Test func aHostWithoutASchemeIsTheHost() async throws {
        try await withSession { session in
            session.offline = true
            #expect(await session.evaluate("base sandbox/httpbin"))
            #expect(await session.evaluate("get jsonplaceholder.typicode.com/users/1"), "\(console.capturedText)")
            #expect(session.workbench.lastExchange?.url.absoluteString == "https://jsonplaceholder.typicode.com/users/1")
            #expect(console.capturedText.contains("Leanne Graham"))
            #expect(await session.evaluate("get /posts/1"))
            #expect(session.workbench.lastExchange?.url.absoluteString == "https://jsonplaceholder.typicode.com/posts/1")
            #expect(await session.evaluate("get comments"))
            #expect(session.workbench.lastExchange?.url.absoluteString == "https://jsonplaceholder.typicode.com/posts/1/comments")
            #expect(await session.evaluate("get sandbox/jokes/random_joke"))
            #expect(session.promptLabel == "jokes")
        }
    }

    @Test func setOfflineSwitchesOfflineModeOnAndOff() async throws {
        try await withSession { session in
            #expect(await session.evaluate("set offline on"))
            #expect(session.offline)
            #expect(await session.evaluate("get https://jsonplaceholder.typicode.com/users/1"))
            #expect(console.capturedText.contains("Leanne Graham"))
            console.clearCaptured()
            #expect(await session.evaluate("set"))
            #expect(console.capturedText.contains("offline     on\n"))
            #expect(await session.evaluate("set offline off"))
            #expect(!session.offline)
        }
    }
}
