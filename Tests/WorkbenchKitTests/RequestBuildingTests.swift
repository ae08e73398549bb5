import Foundation
import Testing
@testable import WorkbenchKit

@MainActor
@Suite struct RequestBuildingTests {
    let console = capturedConsole()

    func workbench(_ base: String = "http://127.0.0.1:8080/api") -> Workbench {
        Workbench(base: base, console: console)
    }

    @Test(arguments: [
        ("/posts", "/api/posts"),
        ("posts", "/api/posts"),
        ("/posts/1/", "/api/posts/1/"),
        ("..", "/api"),
        ("/a/b/../c", "/api/a/c"),
        ("/a b/é", "/api/a b/é"),
    ])
    func pathFromBase(input: String, expected: String) throws {
        let wb = workbench()
        try wb.path(input)
        #expect(wb.request.components.path == expected)
    }

    @Test func relativePathsBuildOnTheCurrentOne() throws {
        let wb = workbench()
        try wb.path("/posts")
        try wb.path("1")
        try wb.path("comments")
        #expect(wb.request.components.path == "/api/posts/1/comments")
        try wb.path("../..")
        #expect(wb.request.components.path == "/api/posts")
        try wb.path("../../../..")
        #expect(wb.request.components.path == "/api")
    }

    @Test func pathWithAQueryReplacesTheQueryItems() throws {
        let wb = workbench()
        wb.query("old", "1")
        try wb.path("/posts?userId=1&q=a%20b")
        #expect(wb.request.queryItems == [URLQueryItem(name: "userId", value: "1"), URLQueryItem(name: "q", value: "a b")])
    }

    /// A `%` that starts no escape is a percent sign, and the escapes beside it are still escapes
    /// (setting such a query on URLComponents trapped: `make fuzz`).
    @Test func aStrayPercentInAPathsQueryIsAPercentSign() throws {
        let wb = workbench()
        try wb.path("/posts?a=100%&b=%zz&c=%41&d=%%41&e=%\u{FFFD}%\u{0}&f=%4")
        #expect(wb.request.queryItems == [
            URLQueryItem(name: "a", value: "100%"), URLQueryItem(name: "b", value: "%zz"),
            URLQueryItem(name: "c", value: "A"), URLQueryItem(name: "d", value: "%A"),
            URLQueryItem(name: "e", value: "%\u{FFFD}%\u{0}"), URLQueryItem(name: "f", value: "%4"),
        ])
        #expect(try wb.request.url().absoluteString
            == "http://127.0.0.1:8080/api/posts?a=100%25&b=%25zz&c=A&d=%25A&e=%25%EF%BF%BD%25%00&f=%254")
    }

    @Test func queryReplacesInPlaceAndAddQueryRepeats() throws {
        let wb = workbench()
        wb.query("q", "sunflowers")
        wb.query("page", "2")
        wb.query("q", "cat")
        #expect(try wb.request.url().absoluteString == "http://127.0.0.1:8080/api?q=cat&page=2")
        wb.addQuery("q", "dog")
        wb.query("q", "bird")
        #expect(try wb.request.url().absoluteString == "http://127.0.0.1:8080/api?q=bird&page=2")
    }

    @Test func queryItemsRepeatAndAreRemovedByName() throws {
        let wb = workbench()
        wb.query("tag", "a")
        wb.addQuery("tag", "b")
        wb.query("page", "2")
        #expect(try wb.request.url().absoluteString == "http://127.0.0.1:8080/api?tag=a&tag=b&page=2")
        wb.removeQuery("tag")
        #expect(wb.request.queryItems == [URLQueryItem(name: "page", value: "2")])
        wb.removeQuery("page")
        #expect(try wb.request.url().absoluteString == "http://127.0.0.1:8080/api")
    }

    /// Values are encoded exactly as Foundation's own URLComponents encodes them.
    @Test(arguments: [
        "a b", "a&b=c", "1+1=2", "a/b?c", "café", "日本語", "😀 👍🏽", "100%", "#hash", "", "semi;colon", "quote\"'",
    ])
    func queryValuesEncodeAsURLComponentsDoes(value: String) throws {
        let wb = workbench()
        try wb.path("/search")
        wb.query("q", value)
        wb.query("name with space", value)
        var reference = try #require(URLComponents(string: "http://127.0.0.1:8080/api/search"))
        reference.queryItems = [URLQueryItem(name: "q", value: value), URLQueryItem(name: "name with space", value: value)]
        #expect(try wb.request.url() == reference.url)
        #expect(wb.request.components.percentEncodedQuery == reference.percentEncodedQuery)
    }

    @Test func headersAreSetReplacedAndRemovedAnyCase() throws {
        let wb = workbench()
        try wb.header("Accept", "application/json")
        try wb.header("accept", "text/plain")
        try wb.header("X-Trace", "1")
        #expect(wb.request.headers.fields.map(\.name) == ["accept", "X-Trace"])
        #expect(wb.request.headers["ACCEPT"] == "text/plain")
        wb.removeHeader("x-trace")
        #expect(wb.request.headers.count == 1)
    }

    @Test func defaultHeadersSurviveResetAndYieldToRequestHeaders() throws {
        let wb = workbench()
        try wb.defaultHeader("User-Agent", "workbench-test")
        try wb.header("User-Agent", "override")
        try wb.body(json: #"{"a": 1}"#)
        #expect(wb.request.allHeaders(defaultHeaders: wb.defaultHeaders).fields.map(\.value) == ["override", "application/json"])
        wb.reset()
        #expect(wb.request.headers.isEmpty && wb.request.body == nil && wb.request.method == "GET")
        #expect(wb.request.components.path == "/api")
        #expect(wb.request.allHeaders(defaultHeaders: wb.defaultHeaders)["user-agent"] == "workbench-test")
    }

    @Test func methodIsUpperCasedAndChecked() throws {
        let wb = workbench()
        try wb.method("patch")
        #expect(wb.request.method == "PATCH")
        #expect(throws: WorkbenchError.invalidMethod("GE T")) { try wb.method("GE T") }
        #expect(wb.request.method == "PATCH")
    }

    @Test func jsonBodyErrorsSayWhere() {
        let wb = workbench()
        #expect(throws: WorkbenchError.self) { try wb.body(json: "{\"a\": 1,\n \"b\": tru }") }
        do {
            try wb.body(json: "{\"a\": 1,\n \"b\": tru }")
        } catch {
            guard case .invalidJSONBody(_, let line, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(line == 2)
        }
        #expect(wb.request.body == nil)
    }

    @Test func formBodyEscapesPlus() throws {
        let wb = workbench()
        wb.form(["a": "1+1 = 2", "b": "x&y"])
        #expect(String(decoding: try #require(wb.request.body).data, as: UTF8.self) == "a=1%2B1%20%3D%202&b=x%26y")
        #expect(wb.request.body?.contentType == "application/x-www-form-urlencoded")
    }

    @Test func fileBodyIsReadOrNamedWhenMissing() throws {
        let wb = workbench()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wb-body-\(UUID()).json")
        try Data(#"{"x": [1, 2]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try wb.body(file: file.path)
        #expect(wb.request.body?.contentType == "application/json")
        #expect(throws: WorkbenchError.fileNotFound("/no/such/file.json")) { try wb.body(file: "/no/such/file.json") }
    }

    @Test func aFolderIsRefusedWithOneLineThatSaysSo() throws {
        let wb = workbench()
        let folder = FileManager.default.temporaryDirectory.path
        let refusal = WorkbenchError.fileUnreadable(folder, reason: "it is a folder, not a file")
        #expect(throws: refusal) { try wb.json(file: folder) }
        #expect(throws: refusal) { try wb.body(file: folder) }
        #expect("\(refusal)".split(separator: "\n").count == 1)
    }

    @Test func aFileOverMaxBodyIsRefusedBeforeItIsRead() throws {
        let wb = workbench()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wb-big-\(UUID()).json")
        try Data(repeating: 0x20, count: 5000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        wb.maxBodyBytes = 4999
        #expect(throws: WorkbenchError.fileTooLarge(file.path, size: 5000, limit: 4999)) { try wb.body(file: file.path) }
        #expect(throws: WorkbenchError.fileTooLarge(file.path, size: 5000, limit: 4999)) { try wb.json(file: file.path) }
        #expect(wb.request.body == nil)
        wb.maxBodyBytes = 5000
        try wb.body(file: file.path)
        #expect(wb.request.body?.data.count == 5000)
    }

    @Test func fullURLBecomesTheRequestAndItsOriginTheBase() throws {
        let wb = Workbench(console: console)
        try wb.url("https://example.com:8443/v1/items?id=7&id=8#top")
        #expect(wb.request.queryItems.map(\.value) == ["7", "8"])
        #expect(wb.request.components.fragment == "top")
        try wb.path("/other")
        #expect(try wb.request.url().absoluteString == "https://example.com:8443/other?id=7&id=8#top")
        #expect(wb.hostLabel == "example")
    }

    @Test func sandboxBaseResolvesThroughTheSandboxURL() throws {
        let wb = Workbench(console: console)
        #expect(throws: WorkbenchError.noSandbox) { try wb.base("sandbox/jsonplaceholder") }
        wb.sandboxURL = URL(string: "http://127.0.0.1:4000")
        try wb.base("sandbox/jsonplaceholder")
        try wb.path("/posts")
        #expect(try wb.request.url().absoluteString == "http://127.0.0.1:4000/jsonplaceholder/posts")
        #expect(wb.hostLabel == "jsonplaceholder")
    }

    @Test func invalidBaseInInitIsReportedNotThrown() {
        let wb = Workbench(base: "ftp://example.com", console: console)
        #expect(wb.base == nil)
        #expect(output(of: console) == "error: unsupported scheme 'ftp' — use http or https\n")
    }

    @Test func urlBreakdownShowsEveryPart() throws {
        let wb = workbench()
        try wb.path("/a b")
        wb.query("q", "x&y")
        wb.query("flag", nil)
        try wb.url()
        func row(_ label: String, _ value: String) -> String {
            "  " + label.padding(toLength: 14, withPad: " ", startingAt: 0) + "  " + value + "\n"
        }
        let expected = row("scheme", "http") + row("host", "127.0.0.1") + row("port", "8080") + row("path", "/api/a b")
            + row("path (encoded)", "/api/a%20b") + row("query item", "q = x&y") + row("query item", "flag")
            + row("query", "q=x%26y&flag") + row("url", "http://127.0.0.1:8080/api/a%20b?q=x%26y&flag")
        #expect(output(of: console) == expected)
    }
}
