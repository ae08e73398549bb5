import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// `save`: each command's statement, secrets, names, and the file it writes.
@MainActor
@Suite struct SaveStatementTests {
    static let sandbox = URL(string: "http://127.0.0.1:49731")

    func statements(_ input: String) throws -> [String] {
        let snippet = TranscriptSnippet(name: "one", description: nil, steps: try SessionSteps.parse([input]), sandboxURL: Self.sandbox)
        return snippet.declarations + snippet.statements
    }

    @Test(arguments: [
        ("base sandbox/jsonplaceholder", #"try wb.base("sandbox/jsonplaceholder")"#),
        ("base http://127.0.0.1:49731/jokes", #"try wb.base("sandbox/jokes")"#),
        ("path /posts", #"try wb.path("/posts")"#),
        ("query userId=1", #"wb.query("userId", "1")"#),
        ("query ids+=2", #"wb.addQuery("ids", "2")"#),
        ("query -userId", #"wb.removeQuery("userId")"#),
        ("header Accept: application/json", #"try wb.header("Accept", "application/json")"#),
        ("header -Accept", #"wb.removeHeader("Accept")"#),
        ("method post", #"try wb.method("post")"#),
        (#"body {"title": "x"}"#, ##"try wb.body(json: #"{"title": "x"}"#)"##),
        ("body --raw", "try wb.body(raw: true)"),
        ("body", "try wb.body()"),
        ("url", "try wb.url()"),
        ("send", "try await wb.send()"),
        ("get /posts userId==1", #"try await wb.get("/posts", query: ["userId": "1"])"#),
        ("post /posts title=foo userId:=1", #"try await wb.post("/posts", json: ["title": "foo", "userId": 1])"#),
        ("get", "try await wb.get()"),
        ("status", "try wb.status()"),
        ("headers Content-Type", #"try wb.headers("Content-Type")"#),
        ("history", "wb.history()"),
        ("show 2", "try wb.show(2)"),
        ("curl", "try wb.curl()"),
        ("decode [Post]", "try wb.decode([Post].self)"),
        ("spec sandbox/jsonplaceholder", #"try await wb.spec("sandbox/jsonplaceholder")"#),
        ("spec http://127.0.0.1:49731/jokes/openapi.json --server 2", #"try await wb.spec("sandbox/jokes/openapi.json", server: 2)"#),
        ("let posts = decode [Post] --keys snake", "let posts = try wb.decode([Post].self, keys: .convertFromSnakeCase)"),
        ("decode Feed --dates iso8601 --at data", #"try wb.decode(Feed.self, dates: .iso8601, at: "data")"#),
        ("json @feed.json", #"try wb.json(file: "feed.json")"#),
        ("set timeout 5", "wb.timeout = 5.0"),
        ("posts[0].title", "print(posts[0].title)"),
        ("struct P: Codable {\n  let a: Int\n}", "struct P: Codable {\n  let a: Int\n}"),
    ])
    func eachCommandHasOneStatement(input: String, statement: String) throws {
        #expect(try statements(input) == [statement])
    }

    /// `[` nested deeper than swift-syntax is given (`BracketGuard`) are written `Array<…>`: the host
    /// parses each step it catches up on, and replay reads the snippet, both with swift-syntax.
    @Test func aDeeplyNestedTypeIsWrittenWithGenerics() throws {
        let type = String(repeating: "[", count: 20) + "Int" + String(repeating: "]", count: 20)
        let spelled = String(repeating: "Array<", count: 20) + "Int" + String(repeating: ">", count: 20)
        #expect(try statements("let deep = decode \(type)") == ["let deep = try wb.decode(\(spelled).self)"])
        #expect(try statements("decode [String: [Int]]?") == ["try wb.decode([String: [Int]]?.self)"])
    }

    @Test func queryWithSeveralItemsIsOneCallEach() throws {
        #expect(try statements("query a=1 b=two") == [#"wb.query("a", "1")"#, #"wb.query("b", "two")"#])
    }

    /// A name repeated in one command adds to what the command itself set: both items are sent.
    @Test func aNameRepeatedInOneQueryAddsTheLaterOnes() throws {
        #expect(try statements("query ids=1 ids=2 ids+=3") == [#"wb.query("ids", "1")"#, #"wb.addQuery("ids", "2")"#, #"wb.addQuery("ids", "3")"#])
    }

    @Test func secretsBecomeEnvironmentReads() throws {
        let snippet = TranscriptSnippet(
            name: "private", description: nil,
            steps: try SessionSteps.parse(["base https://api.example.com", "header Authorization: Bearer s3cr3t-t0ken",
                     "get /me access_token==abc123 X-API-Key:k3y", "query api_key=zzz999"]),
            sandboxURL: nil)
        let source = snippet.source
        for secret in ["s3cr3t-t0ken", "abc123", "k3y", "zzz999"] { #expect(!source.contains(secret)) }
        #expect(source.contains(#"try wb.header("Authorization", ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? "")"#))
        #expect(snippet.secretVariables == ["AUTHORIZATION", "ACCESS_TOKEN", "X_API_KEY", "API_KEY"])
        #expect(source.contains("import Foundation\nimport WorkbenchKit\n"))
        #expect(source.contains(#"let wb = Workbench(base: "https://api.example.com")"#))
    }

    /// Issue 36: the wider rule reaches `save` too; `author` is no secret.
    @Test func aSessionHeaderAndAKeyInAQueryAreSecrets() throws {
        let snippet = TranscriptSnippet(
            name: "session", description: nil,
            steps: try SessionSteps.parse(["base https://api.example.com", "header X-Session: sess-777",
                     "get /books api_key==k3y-9 author==tolkien"]),
            sandboxURL: nil)
        let source = snippet.source
        for secret in ["sess-777", "k3y-9"] { #expect(!source.contains(secret)) }
        #expect(source.contains(#"try wb.header("X-Session", ProcessInfo.processInfo.environment["X_SESSION"] ?? "")"#))
        #expect(source.contains("tolkien"))
        #expect(snippet.secretVariables == ["X_SESSION", "API_KEY"])
    }

    @Test func theFileHasDescriptionImportsModelsThenSteps() throws {
        let snippet = TranscriptSnippet(
            name: "first-posts", description: "My first posts",
            steps: try SessionSteps.parse(["base sandbox/jsonplaceholder", "struct Post: Codable {\n  let id: Int\n}", "get /posts",
                     "struct Post: Codable {\n  let id: Int\n  let title: String\n}", "let posts = decode [Post]"]),
            sandboxURL: Self.sandbox)
        #expect(snippet.source == """
            // My first posts
            //
            // Replay it with `workbench replay first-posts --step`; compile and run it with `swift run first-posts`.

            import Foundation
            import Sandbox
            import WorkbenchKit

            struct Post: Codable {
              let id: Int
              let title: String
            }

            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

            try await wb.get("/posts")
            let posts = try wb.decode([Post].self)

            """)
    }

    @Test func inferredTypesAreSavedAsTheirDeclarations() async throws {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate(#"json {"id": 1}"#))
        #expect(await session.evaluate("infer User"))
        #expect(await session.evaluate("decode User"))
        let snippet = TranscriptSnippet(name: "inferred", description: nil, steps: session.transcript.steps, sandboxURL: nil)
        #expect(snippet.source.contains("import WorkbenchKit\n\nstruct User: Codable {\n    let id: Int\n}\n\nlet wb = Workbench()\n"))
        #expect(snippet.source.hasSuffix("try wb.json(#\"{\"id\": 1}\"#)\ntry wb.decode(User.self)\n"))
    }

    @Test(arguments: [
        ("workbench", "'workbench' is the name of a product or module of this package"),
        ("Sandbox", "'Sandbox' is the name of a product or module of this package"),
        ("a/b", "'a/b' is not a valid snippet name"),
        ("../up", "'../up' is not a valid snippet name"),
        ("-x", "'-x' is not a valid snippet name"),
        ("two words", "'two words' is not a valid snippet name"),
    ])
    func badNamesAreRefusedWithTheReason(name: String, reason: String) {
        #expect(SnippetsFolder.problem(with: name)?.hasPrefix(reason) == true)
    }

    @Test func saveWritesOnceAndNeedsForceToReplace() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("save empty --dir \(directory.path)") == false)
        #expect(console.capturedText.contains("nothing to save yet"))
        session.transcript.record(SessionStep(.swift("struct P: Codable {\n  let a: Int\n}")))
        #expect(session.transcript.steps.count == 1)
        #expect(await session.evaluate("save demo \"A demo\" --dir \(directory.path)"))
        #expect(console.capturedText.contains("saved \(directory.path)/demo.swift (1 step)"))
        #expect(await session.evaluate("save demo --dir \(directory.path)") == false)
        #expect(console.capturedText.contains("already exists; add --force to replace it"))
        #expect(await session.evaluate("save demo --dir \(directory.path) --force"))
        let saved = try String(contentsOf: directory.appendingPathComponent("demo.swift"), encoding: .utf8)
        #expect(saved.hasPrefix("// A Workbench session saved as demo.\n"))
        #expect(await session.evaluate("save workbench --dir \(directory.path)") == false)
    }
}

/// `snippets` and `replay` inside a session.
@MainActor
@Suite struct SnippetsAndReplayCommandTests {
    @Test func snippetsListsDescriptionsAndReplayRunsOneHere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
            // Counts a local list.
            //
            // Not part of the description.
            import WorkbenchKit
            let wb = Workbench()
            try wb.json("[1, 2, 3]")
            let numbers = try wb.decode([Int].self)
            print("\\(numbers.count) numbers, the first \\(numbers[0])")
            """.write(to: directory.appendingPathComponent("count.swift"), atomically: true, encoding: .utf8)
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("snippets --dir \(directory.path)"))
        #expect(console.capturedText == "count  Counts a local list.\n")
        console.clearCaptured()
        #expect(await session.evaluate("replay count --dir \(directory.path)"))
        #expect(console.capturedText.hasSuffix("[Int] · 3 values\n[1, 2, 3]\n» print(\"\\(numbers.count) numbers, the first \\(numbers[0])\")\n3 numbers, the first 1\n"))
        // Replaying is not a step of this session, and left its state alone.
        #expect(session.transcript.steps.isEmpty)
        #expect(session.workbench.lastExchange == nil)
        console.clearCaptured()
        #expect(await session.evaluate("replay nothing-here --dir \(directory.path)") == false)
        #expect(console.capturedText.hasPrefix("error: no snippet 'nothing-here': "))
    }
}

/// A step that ran knows which values it showed: exactly those expressions are printed.
@MainActor
@Suite struct SavedShownValueTests {
    func saved(_ source: String, shown: [String]?) -> [String] {
        var step = SessionStep(.swift(source))
        step.shownValues = shown
        return TranscriptSnippet(name: "one", description: nil, steps: [step], sandboxURL: nil).statements
    }

    @Test func shownExpressionsArePrintedAndOthersKeptAsTyped() {
        #expect(saved(#"names.map(\.count)"#, shown: [#"names.map(\.count)"#]) == [#"print(names.map(\.count))"#])
        #expect(saved("greet()", shown: []) == ["greet()"])
        #expect(saved("a.count; b.count", shown: ["b.count"]) == ["a.count;", "print(b.count)"])
        // The compiled path labels a value of several lines with its lines joined by spaces.
        #expect(saved("names.filter {\n    $0.count > 3\n}", shown: ["names.filter { $0.count > 3 }"])
                == ["print(names.filter {\n    $0.count > 3\n})"])
        // Not run (no labels known): an expression other than a call is taken as shown.
        #expect(saved("posts.count", shown: nil) == ["print(posts.count)"])
    }
}

/// Command lines as the steps the session records for them, without running them.
@MainActor
enum SessionSteps {
    static func parse(_ inputs: [String]) throws -> [SessionStep] {
        let session = Session(console: Console(capturingWithColors: false), isInteractive: false)
        return try inputs.flatMap { input -> [SessionStep] in
            if let statements = try session.commands.invocation(of: input)?.statements() { return statements.map { SessionStep(.statement($0)) } }
            return [SessionStep(.swift(input))]
        }
    }
}
