import Foundation
import Testing
import SandboxTestSupport

@Suite("httpbin")
struct HTTPBinTests {
    let client = HTTPClient.shared

    private func get(_ base: URL, _ path: String, method: String = "GET", body: Data? = nil,
                     headers: [String: String] = [:]) async throws -> FetchedResponse {
        try await client.fetch(base.at("/httpbin" + path), method: method, body: body, headers: headers)
    }

    private func object(_ response: FetchedResponse) throws -> [String: Any] {
        try #require(try response.json() as? [String: Any])
    }

    // 401 is left out: its WWW-Authenticate hangs URLSession on this toolchain
    // (docs/ARCHITECTURE.md, "URLSession on Linux").
    @Test(arguments: [200, 201, 204, 400, 404, 418, 429, 500, 503])
    func statusAnswersThatCode(code: Int) async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/status/\(code)")
            #expect(response.status == code)
        }
    }

    @Test func status401ChallengesWithBasicAuth() async throws {
        try await LiveSandbox.with { base in
            let challenge = await ChallengeRecorder.challenge(at: base.at("/httpbin/status/401"))
            #expect(challenge?.status == 401)
            #expect(challenge?.header == "Basic realm=\"Fake Realm\"")
        }
    }

    @Test func statusRedirectsAndTeapotCarryTheirHeaders() async throws {
        try await LiveSandbox.with { base in
            let redirect = try await get(base, "/status/302")
            #expect(redirect.status == 302 && redirect.header("Location") == "/httpbin/redirect/1")
            let teapot = try await get(base, "/status/418")
            #expect(teapot.text.contains("teapot"))
            #expect(try await get(base, "/status/abc").status == 400)
            let picked = try await get(base, "/status/404,500?seed=7")
            #expect([404, 500].contains(picked.status))
            #expect(try await get(base, "/status/404,500?seed=7").status == picked.status)
        }
    }

    @Test func getEchoesArgsHeadersAndURL() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/get?a=1&b=2&b=3", headers: ["X-Custom": "yes"])
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let echo = try object(response)
            #expect(echo.keys.sorted() == ["args", "headers", "origin", "url"])
            #expect((echo["args"] as? [String: Any])?["a"] as? String == "1")
            #expect((echo["args"] as? [String: Any])?["b"] as? [String] == ["2", "3"])
            #expect((echo["headers"] as? [String: String])?["X-Custom"] == "yes")
            #expect(echo["origin"] as? String == "127.0.0.1")
            #expect(echo["url"] as? String == base.at("/httpbin/get?a=1&b=2&b=3").absoluteString)
            #expect(try await get(base, "/get", method: "POST").status == 405)
        }
    }

    @Test func anythingEchoesMethodBodyAndJSON() async throws {
        try await LiveSandbox.with { base in
            let body = Data(#"{"name": "Ada", "tags": [1, 2]}"#.utf8)
            let echo = try object(try await get(base, "/anything/x?q=1", method: "PATCH", body: body,
                                                headers: ["Content-Type": "application/json"]))
            #expect(echo["method"] as? String == "PATCH")
            #expect(echo["data"] as? String == #"{"name": "Ada", "tags": [1, 2]}"#)
            let json = try #require(echo["json"] as? [String: Any])
            #expect(json["name"] as? String == "Ada" && json["tags"] as? [Int] == [1, 2])
            let form = try object(try await get(base, "/post", method: "POST", body: Data("a=1&b=two+words".utf8),
                                                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
            #expect(form["form"] as? [String: String] == ["a": "1", "b": "two words"])
            #expect(form["json"] is NSNull)
        }
    }

    @Test func headersAreTitleCased() async throws {
        try await LiveSandbox.with { base in
            let echo = try object(try await get(base, "/headers", headers: ["x-lower-case": "v"]))
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["X-Lower-Case"] == "v")
            #expect(headers["Host"] == "127.0.0.1:\(base.port ?? 0)")
        }
    }

    @Test func delayAnswersAfterwards() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/delay/0.2")
            #expect(response.status == 200)
            #expect(try object(response)["url"] as? String == base.at("/httpbin/delay/0.2").absoluteString)
        }
    }

    @Test func redirectsLeadToGet() async throws {
        try await LiveSandbox.with { base in
            let first = try await get(base, "/redirect/3")
            #expect(first.status == 302 && first.header("Location") == "/httpbin/relative-redirect/2")
            let last = try await get(base, "/relative-redirect/1")
            #expect(last.header("Location") == "/httpbin/get")
            let absolute = try await get(base, "/absolute-redirect/2")
            #expect(absolute.header("Location") == base.at("/httpbin/absolute-redirect/1").absoluteString)
            let followed = try await client.fetch(base.at("/httpbin/redirect/3"), followRedirects: true)
            #expect(followed.status == 200)
            #expect(try object(followed)["url"] as? String == base.at("/httpbin/get").absoluteString)
            let to = try await get(base, "/redirect-to?url=https%3A%2F%2Fexample.com%2F&status_code=307")
            #expect(to.status == 307 && to.header("Location") == "https://example.com/")
        }
    }

    @Test func cookiesEchoesTheCookieHeader() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/cookies", headers: ["Cookie": "echo_b=2; echo_a=1; echo_a=3"])
            #expect(response.status == 200)
            let cookies = try #require(try object(response)["cookies"] as? [String: String])
            // Only the names sent here: the client's URLSession may add cookies of its own.
            #expect(cookies["echo_a"] == "1" && cookies["echo_b"] == "2")
            #expect(response.text.hasPrefix("{\n  \"cookies\": {"))
        }
    }

    @Test func cookiesSetAndDeleteRedirectToCookies() async throws {
        try await LiveSandbox.with { base in
            let set = try await get(base, "/cookies/set?s1=one&s2=two")
            #expect(set.status == 302 && set.header("Location") == "/httpbin/cookies")
            let setCookie = try #require(set.header("Set-Cookie"))
            #expect(setCookie.contains("s1=one; Path=/") && setCookie.contains("s2=two; Path=/"))
            let one = try await get(base, "/cookies/set/s3/three")
            #expect(one.status == 302 && one.header("Location") == "/httpbin/cookies")
            #expect(one.header("Set-Cookie") == "s3=three; Path=/")
            let deleted = try await get(base, "/cookies/delete?s1")
            #expect(deleted.status == 302 && deleted.header("Location") == "/httpbin/cookies")
            #expect(deleted.header("Set-Cookie") == "s1=; Expires=Thu, 01-Jan-1970 00:00:00 GMT; Max-Age=0; Path=/")
            #expect(try await get(base, "/cookies/set/only-name").status == 404)
            #expect(try await get(base, "/cookies/nope").status == 404)
        }
    }

    @Test func bytesAreCountedCappedAndSeeded() async throws {
        try await LiveSandbox.with { base in
            let some = try await get(base, "/bytes/1000?seed=1")
            #expect(some.body.count == 1000)
            #expect(some.header("Content-Type") == "application/octet-stream")
            #expect(try await get(base, "/bytes/1000?seed=1").body == some.body)
            #expect(try await get(base, "/bytes/10000000").body.count == 102_400)
        }
    }

    @Test func gzipIsDecodedByTheClient() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/gzip")
            #expect(response.status == 200)
            let echo = try object(response)
            #expect(echo["gzipped"] as? Bool == true)
            #expect(echo["method"] as? String == "GET")
        }
    }

    @Test func streamSendsOneJSONLinePerChunk() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/stream/5")
            #expect(response.status == 200)
            #expect(response.header("Transfer-Encoding") == "chunked")
            let lines = response.text.split(separator: "\n")
            #expect(lines.count == 5)
            let ids = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? Int
            }
            #expect(ids == [0, 1, 2, 3, 4])
        }
    }

    @Test func dripSendsTheBytesItPromised() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/drip?duration=0.2&numbytes=4&delay=0&code=201")
            #expect(response.status == 201)
            #expect(response.text == "****")
        }
    }

    /// `/sse`: an event stream in the shape EventSource reads, one chunk an event.
    @Test func sseSendsTickEvents() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/sse?count=2&delay=0")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/event-stream")
            #expect(response.header("Transfer-Encoding") == "chunked")
            #expect(response.text == """
                : httpbin sandbox events

                id: 1
                event: tick
                retry: 3000
                data: {"id":1,"count":2,"message":"tick 1 of 2"}

                id: 2
                event: tick
                data: {"id":2,"count":2,"message":"tick 2 of 2"}


                """)
            #expect(try await get(base, "/sse?count=0").text == ": httpbin sandbox events\n\n")
        }
    }

    @Test func documentsHaveTheirContentTypes() async throws {
        try await LiveSandbox.with { base in
            let json = try await get(base, "/json")
            #expect(json.header("Content-Type") == "application/json; charset=utf-8")
            #expect((try object(json)["slideshow"] as? [String: Any])?["title"] as? String == "Sample Slide Show")
            #expect(try await get(base, "/html").header("Content-Type") == "text/html; charset=utf-8")
            let xml = try await get(base, "/xml")
            #expect(xml.header("Content-Type") == "application/xml" && xml.text.hasPrefix("<?xml"))
            let headers = try await get(base, "/response-headers?X-Test=1")
            #expect(headers.header("X-Test") == "1")
        }
    }
}
