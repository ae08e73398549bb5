import SandboxTestSupport
import TestSupport
import Foundation
import Testing

@testable import WorkbenchKit

/// status, headers, body, history, show, curl and offline rewriting against the live sandbox.
@MainActor
@Suite struct LiveInspectTests {
    let console = capturedConsole()

    func withJSONPlaceholder(_ body: @MainActor (Workbench, URL) async throws -> Void) async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: self.console)
            wb.sandboxURL = root
            try wb.base("sandbox/jsonplaceholder")
            try await body(wb, root)
        }
    }

    func lines() -> [String] { output(of: console).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func statusSaysWhatTheClassMeans() async throws {
        try await withJSONPlaceholder { wb, _ in
            try await wb.get("/posts/1")
            clearOutput(console)
            try wb.status()
            #expect(output(of: console) == "200 OK\n2xx success: the request was received, understood and accepted\n")
        }
    }

    @Test func headersAreSortedWithCanonicalNames() async throws {
        try await withJSONPlaceholder { wb, _ in
            let exchange = try await wb.get("/posts/1")
            clearOutput(console)
            try wb.headers()
            let names = lines().dropLast().map { String($0.prefix { $0 != ":" }) }
            #expect(names == names.sorted())
            #expect(names.contains("Content-Type"))
            #expect(names.count == exchange.response.headers.count)
            clearOutput(console)
            try wb.headers("content-TYPE")
            #expect(output(of: console).hasPrefix("application/json"))
            #expect(throws: WorkbenchError.noSuchHeader("X-Nope")) { try wb.headers("X-Nope") }
        }
    }

    @Test func longBodiesAreCutUnlessAll() async throws {
        try await withJSONPlaceholder { wb, _ in
            wb.bodyLines = 5
            let exchange = try await wb.get("/posts")
            let total = BodyRenderer.lines(exchange.response.body, mimeType: "application/json", limit: nil, console: console).lines.count
            let shown = lines()
            #expect(shown.count == 8)
            let moreLine = "… \(total - 5) more lines · `body --all` shows them"
            #expect(shown[6] == moreLine)
            clearOutput(console)
            try wb.body(all: true)
            #expect(lines().count == total + 1)
            clearOutput(console)
            try wb.body(raw: true)
            #expect(Data(output(of: console).utf8).prefix(exchange.response.body.count) == exchange.response.body)
        }
    }

    @Test func bodyLinesZeroShowsTheStatusLineOnly() async throws {
        try await withJSONPlaceholder { wb, _ in
            wb.bodyLines = 0
            let exchange = try await wb.get("/posts")
            #expect(lines() == [wb.statusLine(exchange), ""])
            // Asked for, the body shows as it does by default.
            clearOutput(console)
            try wb.body()
            #expect(lines().count == Workbench.defaultBodyLines + 2)
            #expect(lines()[Workbench.defaultBodyLines].hasPrefix("… "))
        }
    }

    @Test func historyNumbersExchangesAndShowRendersOneAgain() async throws {
        try await withJSONPlaceholder { wb, _ in
            try await wb.get("/posts/1")
            try await wb.get("/users/1")
            try await wb.get("/nope/404")
            let firstRender = output(of: console).split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("HTTP ") }
            clearOutput(console)
            wb.history()
            let rows = lines().dropLast()
            #expect(rows.count == 3)
            #expect(rows[0].hasPrefix("1  GET     200"))
            #expect(rows[2].contains("404") && rows[2].hasSuffix("/jsonplaceholder/nope/404"))
            clearOutput(console)
            try wb.show(1)
            #expect(lines().first?.hasPrefix("GET http://") == true && lines().first?.hasSuffix("/jsonplaceholder/posts/1") == true)
            #expect(Array(lines().dropFirst(2).dropLast()) == firstRender.map(String.init))
            #expect(throws: WorkbenchError.noSuchExchange(4, count: 3)) { try wb.show(4) }
        }
    }

    @Test func timingListsHeadersBodyAndTotal() async throws {
        try await withJSONPlaceholder { wb, _ in
            try await wb.get("/posts/1")
            clearOutput(console)
            try wb.timing()
            #expect(lines().map { String($0.prefix(8)) }.dropLast() == ["sent    ", "headers ", "body    ", "total   "])
        }
    }

    @Test func headRequestsHaveNoBody() async throws {
        try await withJSONPlaceholder { wb, _ in
            try wb.base("sandbox/httpbin")
            let exchange = try await wb.head("/get")
            #expect(exchange.response.statusCode == 200 && exchange.response.body.isEmpty)
            #expect(exchange.method == "HEAD")
        }
    }

    @Test func aVerbWithATargetStartsAFreshQueryAndBody() async throws {
        try await withJSONPlaceholder { wb, _ in
            try await wb.post("/posts", json: ["title": "t"])
            #expect(wb.request.body == .json(#"{"title":"t"}"#))
            try await wb.get("/posts", query: ["userId": "2"])
            #expect(wb.request.body == nil && wb.request.queryItems.map(\.name) == ["userId"])
            try await wb.get(query: ["id": "11"])
            #expect(wb.request.queryItems.map(\.name) == ["userId", "id"])
            await #expect(throws: WorkbenchError.invalidHeaderName("Bad Name")) {
                try await wb.get("/users", headers: ["Bad Name": "x"])
            }
            #expect(wb.request.components.path == "/jsonplaceholder/posts")
        }
    }

    @Test func offlineRewritingKeepsTheVisibleURL() async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(base: "https://jsonplaceholder.typicode.com", console: console)
            wb.urlRewriter = { url in
                URL(string: root.absoluteString + "/jsonplaceholder" + url.path)
            }
            let exchange = try await wb.get("/posts/1")
            #expect(exchange.response.statusCode == 200)
            #expect(exchange.url.absoluteString == "https://jsonplaceholder.typicode.com/posts/1")
            #expect(exchange.offline)
            #expect(lines()[0].hasSuffix(" · offline"))
        }
    }

    /// The curl command, run by the real curl, gets the body URLSession got.
    @Test(arguments: ["get", "post", "form"])
    func curlCommandFetchesTheSameBody(kind: String) async throws {
        try await withJSONPlaceholder { wb, root in
            try wb.base("sandbox/httpbin")
            try wb.header("X-Quote", "it's \"quoted\" $HOME `x`")
            wb.query("q", "a b&c='d'")
            try wb.path("/anything")
            switch kind {
            case "post":
                try wb.method("POST")
                try wb.body(json: #"{"text": "it's $(echo no) \\ done"}"#)
            case "form":
                try wb.method("PUT")
                wb.form(["a": "1+1", "b": "x y"])
            default: break
            }
            let exchange = try await wb.send()
            let command = try wb.curlCommand()
            let curlBody = try await runShell(command + " --silent")
            let viaURLSession = try #require(JSONSerialization.jsonObject(with: exchange.response.body) as? NSDictionary)
            let viaCurl = try #require(JSONSerialization.jsonObject(with: curlBody) as? NSDictionary)
            for key in ["args", "json", "form", "method", "data"] {
                #expect(viaCurl[key] as? NSObject == viaURLSession[key] as? NSObject, "\(key) differs for \(command)")
            }
            let curlHeaders = try #require(viaCurl["headers"] as? [String: Any])
            #expect(curlHeaders["X-Quote"] as? String == "it's \"quoted\" $HOME `x`")
        }
    }
}

/// Runs `command` with /bin/sh and returns its standard output; waits on a thread of its own, as
/// `curl` asks the sandbox this process runs (see `onOwnThread`).
func runShell(_ command: String) async throws -> Data {
    try await onOwnThread { try runShellBlocking(command) }
}

private func runShellBlocking(_ command: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}
