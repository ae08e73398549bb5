import SandboxTestSupport
import Foundation
import Testing
import WorkbenchKit
@testable import REPL

/// Each command prints exactly what its one Swift statement prints (docs/ARCHITECTURE.md, "Commands and statements"), timings masked.
@MainActor
@Suite struct RequestMappingTests {
    /// A command line, the Swift statement `save` writes for it, and that statement as code.
    typealias Step = (line: String, statement: String, swift: @MainActor (Workbench) async throws -> Void)

    static let steps: [Step] = [
        ("base sandbox/jsonplaceholder", #"try wb.base("sandbox/jsonplaceholder")"#, { try $0.base("sandbox/jsonplaceholder") }),
        ("path /posts", #"try wb.path("/posts")"#, { try $0.path("/posts") }),
        ("query userId=1", #"wb.query("userId", "1")"#, { $0.query("userId", "1") }),
        ("query ids+=2", #"wb.addQuery("ids", "2")"#, { $0.addQuery("ids", "2") }),
        ("header Accept: application/json", #"try wb.header("Accept", "application/json")"#, { try $0.header("Accept", "application/json") }),
        ("header --default X-Client: wb", #"try wb.defaultHeader("X-Client", "wb")"#, { try $0.defaultHeader("X-Client", "wb") }),
        ("query", #"wb.query()"#, { $0.query() }),
        ("header", #"wb.header()"#, { $0.header() }),
        ("url", #"try wb.url()"#, { try $0.url() }),
        ("set body-lines 12", #"wb.bodyLines = 12"#, { $0.bodyLines = 12 }),
        ("set max-body 64KB", #"wb.maxBodyBytes = 65536"#, { $0.maxBodyBytes = 65536 }),
        ("send", #"try await wb.send()"#, { try await $0.send() }),
        ("status", #"try wb.status()"#, { try $0.status() }),
        ("headers content-type", #"try wb.headers("content-type")"#, { try $0.headers("content-type") }),
        ("body", #"try wb.body()"#, { try $0.body() }),
        ("get /users/1", #"try await wb.get("/users/1")"#, { try await $0.get("/users/1") }),
        ("post /posts title=Hi userId:=1", #"try await wb.post("/posts", json: ["title": "Hi", "userId": 1])"#, { try await $0.post("/posts", json: ["title": "Hi", "userId": 1]) }),
        ("get /posts id==1 id==2 X-Trace:abc", #"try await wb.get("/posts", query: ["id": "1", "id": "2"], headers: ["X-Trace": "abc"])"#, { try await $0.get("/posts", query: ["id": "1", "id": "2"], headers: ["X-Trace": "abc"]) }),
        ("method delete", #"try wb.method("delete")"#, { try $0.method("delete") }),
        ("curl", #"try wb.curl()"#, { try $0.curl() }),
        ("reset", #"wb.reset()"#, { $0.reset() }),
        ("body {\"a\": [1, 2]}", ##"try wb.body(json: #"{"a": [1, 2]}"#)"##, { try $0.body(json: #"{"a": [1, 2]}"#) }),
        ("body --form a=1 b='x y'", #"wb.form(["a": "1", "b": "x y"])"#, { $0.form(["a": "1", "b": "x y"]) }),
        ("url http://127.0.0.1:1/x?q=1", #"try wb.url("http://127.0.0.1:1/x?q=1")"#, { try $0.url("http://127.0.0.1:1/x?q=1") }),
        ("show 2", #"try wb.show(2)"#, { try $0.show(2) }),
        ("history", #"wb.history()"#, { $0.history() }),
        ("body --all", #"try wb.body(all: true)"#, { try $0.body(all: true) }),
        ("body --raw", #"try wb.body(raw: true)"#, { try $0.body(raw: true) }),
    ]

    /// Durations and clock times vary between two runs; everything else must match.
    static func masked(_ text: String) -> String {
        text.replacing(/[ ]+(<1|\d+(\.\d+)?) (ms|s)\b/, with: " T")
            .replacing(/\d\d:\d\d:\d\d(\.\d+)?/, with: "CLOCK")
    }

    @Test func everyCommandPrintsWhatItsSwiftStatementPrints() async throws {
        try await withLiveSandbox { root in
            let replConsole = Console(capturingWithColors: false)
            let session = Session(console: replConsole, isInteractive: false)
            session.sandboxURL = root
            let swiftConsole = Console(capturingWithColors: false)
            let wb = Workbench(console: swiftConsole)
            wb.sandboxURL = root
            for step in Self.steps {
                replConsole.clearCaptured()
                swiftConsole.clearCaptured()
                #expect(await session.evaluate(step.line), "\(step.line): \(replConsole.capturedText)")
                try await step.swift(wb)
                #expect(Self.masked(replConsole.capturedText) == Self.masked(swiftConsole.capturedText), "\(step.line)")
                #expect(session.workbench.request == wb.request, "\(step.line)")
                #expect(try statements(for: step.line, in: session) == step.statement)
            }
            #expect(session.workbench.exchanges.count == 4)
        }
    }

    func statements(for line: String, in session: Session) throws -> String? {
        try session.commands.invocation(of: line)?.statements()?.map { $0.swiftSource(interpolating: session.interpolationEnds) }
            .joined(separator: "; ")
    }

    @Test func statusLineIsColouredByClassOnlyWithColours() async throws {
        try await withLiveSandbox { root in
            let coloured = Console(capturingWithColors: true)
            let wb = Workbench(console: coloured)
            wb.sandboxURL = root
            try wb.base("sandbox/httpbin")
            try await wb.get("/status/404")
            #expect(coloured.capturedText.hasPrefix(TextStyle.yellow.escape + "HTTP 404 Not Found" + TextStyle.reset))
            coloured.clearCaptured()
            try await wb.get("/get")
            #expect(coloured.capturedText.hasPrefix(TextStyle.green.escape + "HTTP 200 OK" + TextStyle.reset))
            #expect(coloured.capturedText.contains(JSONTheme.standard.key))
        }
    }
}
