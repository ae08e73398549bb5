import Foundation
import SandboxTestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// A pasted "Copy as cURL" line sets and sends the request: the sandbox's httpbin echoes what came.
/// The lines are in the shapes Chrome's, Firefox's and Safari's devtools copy them.
@MainActor
@Suite struct CurlPasteTests {
    let console = Console(capturingWithColors: false)

    func session(_ root: URL) -> Session {
        let session = Session(console: console, isInteractive: false)
        session.sandboxURL = root
        return session
    }

    /// Runs `line`, which must succeed, and returns httpbin's echo of the request it sent.
    func echo(of line: String, in session: Session) async throws -> [String: Any] {
        console.clearCaptured()
        let before = session.workbench.exchanges.count
        #expect(await session.evaluate(line), "\(console.capturedText)")
        #expect(session.workbench.exchanges.count == before + 1)
        let body = try #require(session.workbench.exchanges.last?.response.body)
        return try #require(JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The sandbox's address with one `/` after it.
    func address(_ root: URL) -> String {
        root.absoluteString.hasSuffix("/") ? root.absoluteString : root.absoluteString + "/"
    }

    func headers(_ echo: [String: Any]) -> [String: String] {
        echo["headers"] as? [String: String] ?? [:]
    }

    @Test func chromeGETWithQueryAndHeaders() async throws {
        try await withLiveSandbox { root in
            let echo = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything?q=sunflowers%20in%20a%20vase&page=2' \
                  -H 'accept: application/json' \
                  -H 'accept-language: en-GB,en;q=0.9' \
                  -H 'sec-ch-ua: "Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"' \
                  -H 'sec-ch-ua-mobile: ?0' \
                  -H 'sec-ch-ua-platform: "macOS"' \
                  -H 'user-agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36' \
                  --compressed
                """#, in: session(root))
            #expect(echo["method"] as? String == "GET")
            #expect(echo["args"] as? [String: String] == ["q": "sunflowers in a vase", "page": "2"])
            let sent = headers(echo)
            #expect(sent["Sec-Ch-Ua"] == #""Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99""#)
            #expect(sent["Accept"] == "application/json" && sent["Accept-Language"] == "en-GB,en;q=0.9")
            #expect(sent["User-Agent"]?.hasPrefix("Mozilla/5.0 (Macintosh;") == true)
        }
    }

    @Test func chromeJSONPostWithANSICQuoting() async throws {
        try await withLiveSandbox { root in
            let echo = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything' \
                  -H 'accept: */*' \
                  -H 'content-type: application/json' \
                  -H 'origin: http://localhost:3000' \
                  --data-raw $'{"note":"it\'s a \\"test\\"","tab":"a\\tb","n":1}' \
                  --compressed
                """#, in: session(root))
            #expect(echo["method"] as? String == "POST")
            #expect(echo["data"] as? String == #"{"note":"it's a \"test\"","tab":"a\tb","n":1}"#)
            let json = try #require(echo["json"] as? [String: Any])
            #expect(json["note"] as? String == #"it's a "test""# && json["tab"] as? String == "a\tb")
            #expect(headers(echo)["Content-Type"] == "application/json" && headers(echo)["Origin"] == "http://localhost:3000")
        }
    }

    @Test func firefoxJSONPostOnOneLine() async throws {
        try await withLiveSandbox { root in
            let line = #"curl '\#(address(root))httpbin/anything' -X POST -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' -H 'Accept: application/json, text/plain, */*' -H 'Accept-Language: en-US,en;q=0.5' -H 'Content-Type: application/json' -H 'Origin: http://localhost:3000' -H 'Connection: keep-alive' -H 'Sec-Fetch-Mode: cors' --data-raw '{"title":"Pilot","userId":1}'"#
            let echo = try await echo(of: line, in: session(root))
            #expect(echo["method"] as? String == "POST")
            #expect(echo["data"] as? String == #"{"title":"Pilot","userId":1}"#)
            #expect(headers(echo)["Accept-Language"] == "en-US,en;q=0.5" && headers(echo)["Sec-Fetch-Mode"] == "cors")
            #expect(headers(echo)["User-Agent"]?.hasSuffix("Firefox/125.0") == true)
        }
    }

    @Test func safariFormPost() async throws {
        try await withLiveSandbox { root in
            let echo = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything' \
                -X 'POST' \
                -H 'Content-Type: application/x-www-form-urlencoded' \
                -H 'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' \
                -H 'Origin: http://localhost:3000' \
                -H 'User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15' \
                --data-binary 'name=Ada+Lovelace&lang=Swift%206&note=a%26b'
                """#, in: session(root))
            #expect(echo["method"] as? String == "POST")
            #expect(echo["form"] as? [String: String] == ["name": "Ada Lovelace", "lang": "Swift 6", "note": "a&b"])
            #expect(headers(echo)["Content-Type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test func safariGETWithAQuotedMethod() async throws {
        try await withLiveSandbox { root in
            let echo = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything?id=7' \
                -X 'GET' \
                -H 'Accept: application/json' \
                -H 'Accept-Language: en-GB,en;q=0.9'
                """#, in: session(root))
            #expect(echo["method"] as? String == "GET" && echo["args"] as? [String: String] == ["id": "7"])
        }
    }

    /// The same three kinds from the other browsers: Firefox's GET, Chrome's form, Safari's JSON.
    @Test func theOtherBrowsersShapes() async throws {
        try await withLiveSandbox { root in
            let session = session(root)
            let firefox = try await echo(of: #"curl '\#(address(root))httpbin/anything?page=3' --compressed -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' -H 'Accept: */*' -H 'Accept-Language: en-US,en;q=0.5' -H 'Referer: http://localhost:3000/' -H 'Connection: keep-alive' -H 'Sec-Fetch-Dest: empty'"#, in: session)
            #expect(firefox["method"] as? String == "GET" && firefox["args"] as? [String: String] == ["page": "3"])
            #expect(headers(firefox)["Referer"] == "http://localhost:3000/" && headers(firefox)["Sec-Fetch-Dest"] == "empty")
            let chrome = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything' \
                  -H 'accept: text/html,application/xhtml+xml' \
                  -H 'content-type: application/x-www-form-urlencoded' \
                  -H 'origin: http://localhost:3000' \
                  --data-raw 'name=Ada+Lovelace&lang=Swift%206' \
                  --compressed
                """#, in: session)
            #expect(chrome["method"] as? String == "POST")
            #expect(chrome["form"] as? [String: String] == ["name": "Ada Lovelace", "lang": "Swift 6"])
            let safari = try await echo(of: #"""
                curl '\#(address(root))httpbin/anything' \
                -X 'PUT' \
                -H 'Content-Type: application/json' \
                -H 'Accept: application/json' \
                --data-binary '{"title":"Pilot","draft":true}'
                """#, in: session)
            #expect(safari["method"] as? String == "PUT" && safari["data"] as? String == #"{"title":"Pilot","draft":true}"#)
        }
    }

    /// An option Workbench does not take is named in one line, and nothing is sent.
    @Test(arguments: [
        "curl --proxy http://p:1 sandbox/httpbin/get", "curl -F 'a=<notes.txt' sandbox/httpbin/post", "curl 'sandbox/httpbin/get",
        "curl sandbox/httpbin/get | jq .", "curl -sS --cacert ca.pem sandbox/httpbin/get", "curl ftp://127.0.0.1:1/a",
        "curl --ntlm -u a:b sandbox/httpbin/get", "curl -T /no/such/file sandbox/httpbin/put",
        "curl sandbox/httpbin/post -F 'a=@/no/such/file'", "curl sandbox/httpbin/get -H 'X Y: 1'",
    ])
    func whatIsNotTakenSendsNothing(line: String) async throws {
        try await withLiveSandbox { root in
            let session = session(root)
            #expect(await session.evaluate("header X-Kept: yes"))
            let request = session.workbench.request
            console.clearCaptured()
            #expect(await session.evaluate(line) == false)
            #expect(session.workbench.exchanges.isEmpty)
            #expect(session.workbench.request == request)
            let lines = console.capturedText.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: "), "\(lines)")
        }
    }

    @Test func insecureIsSentWithVerificationAndSaysSo() async throws {
        try await withLiveSandbox { root in
            _ = try await echo(of: "curl -k -sS sandbox/httpbin/get", in: session(root))
            #expect(console.capturedText.hasPrefix("note: curl -k: Workbench does not skip TLS verification; the request is sent with it\n"))
        }
    }
}
