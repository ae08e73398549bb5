import Foundation
import Testing
import WorkbenchKit
@testable import REPL

/// Each request command's effect on the request, through `Session.evaluate` as the loop runs it.
@MainActor
@Suite struct RequestCommandTests {
    let console = Console(capturingWithColors: false)

    func session(base: String? = "http://127.0.0.1:8080/api") async -> Session {
        let session = Session(console: console, isInteractive: false)
        if let base { #expect(await session.evaluate("base \(base)")) }
        return session
    }

    @Test func buildCommandsChangeTheRequest() async throws {
        let session = await session()
        for line in [
            "path /posts", "query userId=1 q='a b&c' flag", "header Accept: application/json",
            "header --default X-Client: wb", "method post", #"body {"title": "foo"}"#,
        ] {
            #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
        }
        let request = session.workbench.request
        #expect(try request.url().absoluteString == "http://127.0.0.1:8080/api/posts?userId=1&q=a%20b%26c&flag")
        #expect(request.headers["accept"] == "application/json")
        #expect(session.workbench.defaultHeaders["X-Client"] == "wb")
        #expect(request.method == "POST")
        #expect(request.body == .json(#"{"title": "foo"}"#))
        #expect(await session.evaluate("query -q"))
        #expect(await session.evaluate("header -Accept"))
        #expect(session.workbench.request.queryItems.map(\.name) == ["userId", "flag"])
        #expect(session.workbench.request.headers.isEmpty)
        #expect(await session.evaluate("reset"))
        #expect(try session.workbench.request.url().absoluteString == "http://127.0.0.1:8080/api")
        #expect(session.workbench.request.method == "GET")
        #expect(console.capturedText == "")
    }

    @Test func listingsPrintWhatIsSet() async throws {
        let session = await session()
        #expect(await session.evaluate("query a=1 b"))
        #expect(await session.evaluate("query"))
        #expect(await session.evaluate("header X-A: 1"))
        #expect(await session.evaluate("header"))
        #expect(await session.evaluate("path 1"))
        #expect(await session.evaluate("path"))
        #expect(console.capturedText == "a=1\nb\nX-A: 1\n/api/1\n")
    }

    @Test func bodyVariants() async throws {
        let session = await session()
        #expect(await session.evaluate("body --form name=Ada lang='Swift 6'"))
        #expect(session.workbench.request.body == .form([URLQueryItem(name: "name", value: "Ada"), URLQueryItem(name: "lang", value: "Swift 6")]))
        #expect(await session.evaluate("body --clear"))
        #expect(session.workbench.request.body == nil)
        #expect(await !session.evaluate("body @/no/such.json"))
        #expect(console.capturedText.hasPrefix("error: file not found: '/no/such.json'"))
    }

    @Test func promptFollowsTheHost() async throws {
        let session = await session(base: nil)
        session.sandboxURL = URL(string: "http://127.0.0.1:4321")
        #expect(await session.evaluate("base sandbox/jsonplaceholder"))
        #expect(session.promptLabel == "jsonplaceholder")
        #expect(await session.evaluate("url https://restcountries.com/v2/all"))
        #expect(session.promptLabel == "restcountries")
    }

    @Test func settingsChangeTheWorkbench() async throws {
        let session = await session()
        #expect(await session.evaluate("set timeout 2.5"))
        #expect(await session.evaluate("set redirects off"))
        #expect(await session.evaluate("set body-lines 7"))
        #expect(await session.evaluate("set max-body 1.5GB"))
        #expect(session.workbench.timeout == 2.5 && !session.workbench.followRedirects && session.workbench.bodyLines == 7)
        #expect(session.workbench.maxBodyBytes == 3 << 29)
        #expect(await session.evaluate("set"))
        #expect(console.capturedText == "timeout     2.5 s\nredirects   off\nbody-lines  7\nmax-body    1.5 GB\ncolor       off\nimages      off\noffline     off\nresults     off\nswift       5\n")
    }

    /// `set results` shows nothing else until the next input it applies to, so it says what it did.
    @Test func setResultsSaysWhatItDid() async throws {
        let session = await session()
        #expect(await session.evaluate("set results on"))
        #expect(session.resultsColumn)
        #expect(await session.evaluate("set results off"))
        #expect(!session.resultsColumn)
        #expect(console.capturedText == """
            results column on: Swift of several lines, or a loop, is shown again with each line's values
            results column off

            """)
    }

    @Test func bodyLinesZeroIsAccepted() async throws {
        let session = await session()
        #expect(await session.evaluate("set body-lines 0"))
        #expect(session.workbench.bodyLines == 0)
        #expect(console.capturedText == "")
    }

    @Test(arguments: [
        ("base ftp://x", "error: unsupported scheme 'ftp' — use http or https"),
        ("base a b", "error: base takes one URL, got 2 words: 'a b' (quote spaces)"),
        ("query =1", "error: query item '=1' has no name — write NAME=VALUE"),
        ("query -", "error: '-' needs a name: `query -NAME` removes the items named NAME"),
        ("header Accept", "error: header 'Accept' has no ':' — write NAME: VALUE"),
        ("header --bogus A: b", "error: unknown option '--bogus' (header takes --default)"),
        ("header Bad Name: x", "error: invalid header name 'Bad Name' — letters, digits and !#$%&'*+-.^_`|~ only, as in `header Accept: application/json`"),
        ("method 'G T'", "error: invalid method 'G T' — use GET, POST, PUT, PATCH, DELETE, HEAD or another token of letters"),
        ("body {\"a\": }", "error: invalid JSON body at line 1, column 7: expected a value after ':', found '}' — fix it, or send text with `header Content-Type: text/plain`"),
        ("body --form x", "error: form field 'x' is not NAME=VALUE"),
        ("status", "error: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)"),
        ("show", "error: show needs a number: `show N` (see `history`)"),
        ("show x", "error: 'x' is not an exchange number — `history` lists them"),
        ("show 3", "error: no exchange 3: nothing has been sent yet"),
        ("set timeout -1", "error: timeout '-1' is not a number of seconds above 0"),
        ("set body-lines -1", "error: body-lines '-1' is not a whole number (0 shows the status line only)"),
        ("set redirects maybe", "error: redirects takes on or off, not 'maybe'"),
        ("set speed 9", "error: unknown setting 'speed' — set knows timeout, redirects, body-lines, max-body, color, images, offline, results, swift"),
        ("set max-body lots", "error: max-body 'lots' is not a size — write it like 64KB, 10MB or 1GB"),
        ("set max-body 0", "error: max-body '0' is not a size — write it like 64KB, 10MB or 1GB"),
        ("set max-body 5TB", "error: max-body '5TB' is not a size — write it like 64KB, 10MB or 1GB"),
        ("send now", "error: send takes only --stream, got 'now' — `send NAME` sends a request of an .http file, after `open FILE.http`"),
        ("get /x bogus", "error: 'bogus' is not a request item — use name==value, Header:value, field=value or field:=json (the path or URL comes first)"),
        ("post /x n:=tru", "error: invalid JSON for field 'n': expected a JSON value, found 'tru' — use `n=text` for a string or `n:=JSON` for JSON"),
        ("head /x a=1", "error: head sends no body: 'a' is a body field — use name==value for a query item"),
    ])
    func errorsAreOneLine(line: String, expected: String) async {
        let session = await session()
        #expect(await !session.evaluate(line))
        #expect(console.capturedText == expected + "\n")
    }

    @Test func pathWithoutABaseSaysHowToSetOne() async {
        let session = await session(base: nil)
        #expect(await !session.evaluate("path /posts"))
        #expect(console.capturedText == "error: no base URL for '/posts' — set one with `base https://…` (or `base sandbox/NAME`) or give a full URL\n")
    }

    @Test(arguments: [
        (["/posts", "userId==1", "Accept:application/json", "title=Hi", "n:=1"],
         RequestShorthand(target: "/posts", query: [URLQueryItem(name: "userId", value: "1")],
                          headers: [HeaderList.Field(name: "Accept", value: "application/json")],
                          fields: [("title", .string("Hi")), ("n", .json("1"))])),
        (["https://h/x?a=1", "q==a=b"], RequestShorthand(target: "https://h/x?a=1", query: [URLQueryItem(name: "q", value: "a=b")])),
        (["a==1"], RequestShorthand(query: [URLQueryItem(name: "a", value: "1")])),
        (["posts/1", "X-Time: now"], RequestShorthand(target: "posts/1", headers: [HeaderList.Field(name: "X-Time", value: "now")])),
        (["list:=[1, 2]", "url=http://x"], RequestShorthand(fields: [("list", .json("[1, 2]")), ("url", .string("http://x"))])),
        (["localhost:8080/x", "X-Count:5"], RequestShorthand(target: "localhost:8080/x", headers: [HeaderList.Field(name: "X-Count", value: "5")])),
        (["X-Count:5"], RequestShorthand(headers: [HeaderList.Field(name: "X-Count", value: "5")])),
    ])
    func shorthandItems(words: [String], expected: RequestShorthand) throws {
        #expect(try RequestShorthand.parse(words) == expected)
    }

    @Test func completionOffersHeadersQueryNamesAndSettings() async throws {
        let session = await session()
        #expect(await session.evaluate("query userId=1 page=2"))
        let table = session.commands
        let header = try #require(table.command(named: "header"))
        #expect(header.complete(["cont"], session: session) == ["Content-Type:"])
        let query = try #require(table.command(named: "query"))
        #expect(query.complete(["-u"], session: session) == ["-userId"])
        let get = try #require(table.command(named: "get"))
        #expect(get.complete(["/x", "pa"], session: session) == ["page=="])
        #expect(await session.evaluate("base http://127.0.0.1:1/restcountries/v2"))
        #expect(get.complete(["/a"], session: session) == ["/all", "/alpha/", "/alpha?codes="])
        let base = try #require(table.command(named: "base"))
        #expect(base.complete(["sandbox/j"], session: session) == ["sandbox/jsonplaceholder", "sandbox/jokes"])
        let set = try #require(table.command(named: "set"))
        #expect(set.complete(["redirects", "o"], session: session) == ["on", "off"])
    }
}
