import Foundation
import TestSupport
import Testing

/// `spec` from the sandbox's own document to `decode`, as a user types it: the warnings it adds,
/// the snippet `save` writes (which imports WorkbenchSpec and compiles), and its replay, which
/// prints what the session printed.
@Suite struct SpecSessionTests {
    @Test func fromSpecToDecodeAndBackThroughSaveAndReplay() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("Snippets")
        let session = """
            spec sandbox/jsonplaceholder
            spec models Post
            get /posts/1
            let post = decode Post
            post.title
            get /nothing/here
            save spec-posts --dir \(folder.path)
            """
        let environment = isolatedEnvironment(home: home.url)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        #expect(typed.status == 0, "\(typed.output)")
        // Every answer of the sandbox matches its own document: the one warning is the path's.
        #expect(SnippetOutput.masked(typed.output, sizesAndClocks: false) == """
            \(Self.jsonPlaceholderSpec)
            \(Self.post)
            defined Post (4 properties)
            declared 1 model: Post
            \(Self.firstPost)
            post.title: String
            sunt aut facere repellat provident occaecati excepturi optio reprehenderit
            \(Self.nothingHere)
            saved \(folder.path)/spec-posts.swift (6 steps)
            no Package.swift beside \(folder.path): `workbench replay \(folder.path)/spec-posts.swift` runs it; `swift run spec-posts` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            """, "\(typed.output)")

        let file = folder.appendingPathComponent("spec-posts.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == """
            // A Workbench session saved as spec-posts.
            //
            // Replay it with `workbench replay spec-posts --step`. `swift run spec-posts` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            import Foundation
            import Sandbox
            import WorkbenchKit
            import WorkbenchSpec

            \(Self.post)

            let sandbox = try await Sandbox.start()
            let wb = Workbench(sandbox: sandbox.baseURL)

            try await wb.spec("sandbox/jsonplaceholder")
            try await wb.get("/posts/1")
            let post = try wb.decode(Post.self)
            print(post.title)
            try await wb.get("/nothing/here")

            """, "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "spec_posts")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(SnippetOutput.results(of: replayed.output, sizesAndClocks: false) == """
            \(Self.jsonPlaceholderSpec)
            \(Self.firstPost)
            sunt aut facere repellat provident occaecati excepturi optio reprehenderit
            \(Self.nothingHere)

            """, "\(replayed.output)")
    }

    /// `spec models Post`: the properties in the document's order, every run.
    static let post = """
        struct Post: Codable {
            let userId: Int
            let id: Int
            let title: String
            let body: String
        }
        """

    /// `get /posts/1` and `decode Post` of it, times masked.
    static let firstPost = """
        HTTP 200 OK · application/json · 292 B · TIME
        {
          "userId": 1,
          "id": 1,
          "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
          "body": "quia et suscipit\\nsuscipit recusandae consequuntur expedita et cum\\nreprehenderit molestiae ut ut quas totam\\nnostrum rerum est autem sunt rem eveniet architecto"
        }
        Post
        Post(userId: 1, id: 1, title: "sunt aut facere repellat provident occaecati excepturi optio reprehenderit", body: "quia et suscipit\\nsuscipit recusandae consequuntur expedita et cum\\nreprehenderit molestiae ut ut quas totam\\nnostrum rerum est autem sunt rem eveniet architecto")
        """

    /// A path the document does not have: warned about, then sent.
    static let nothingHere = """
        warning: GET /nothing/here is not a path of JSONPlaceholder — `spec` lists its paths
        HTTP 404 Not Found · application/json · 2 B · TIME
        {}
        """

    /// A JSON body the document's schema does not describe: a warning line per place, printed
    /// before the request goes (it still goes, and the response is checked as ever), whether the
    /// command or its `wb.post` typed it, and again when the saved snippet replays. The Swift host
    /// reads no documents, so a compiled input's request is not checked, as its response is not.
    @Test func requestBodiesAreCheckedBeforeTheyAreSent() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("Snippets")
        let session = """
            spec sandbox/jsonplaceholder
            post /posts title:=5
            try await wb.post("/posts", json: ["title": "t", "body": "b", "userId": "1"])
            post /posts title=t body=b userId:=1
            for title in [6] { try await wb.post("/posts", json: ["title": .json(String(title))]) }
            save spec-bodies --dir \(folder.path)
            """
        let environment = isolatedEnvironment(home: home.url)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        #expect(typed.status == 0, "\(typed.output)")
        // Three lines for the first post, one for wb.post's; the matching body and the host's say
        // nothing. (The response's check says one line, the first place it does not match.)
        #expect(SnippetOutput.masked(typed.output, sizesAndClocks: false) == """
            \(Self.jsonPlaceholderSpec)
            \(Self.posted)
            saved \(folder.path)/spec-bodies.swift (5 steps)
            no Package.swift beside \(folder.path): `workbench replay \(folder.path)/spec-bodies.swift` runs it; `swift run spec-bodies` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            """, "\(typed.output)")

        let file = folder.appendingPathComponent("spec-bodies.swift")
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(SnippetOutput.results(of: replayed.output, sizesAndClocks: false) == Self.jsonPlaceholderSpec + "\n" + Self.posted + "\n",
                "\(replayed.output)")
    }

    /// The Swift host reads no documents: it catches up on `spec` as the base it set, so a
    /// compiled input's request goes where the prompt's would.
    @Test func aCompiledInputAfterSpecSendsToTheBaseSpecSet() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let session = """
            spec sandbox/jokes
            func firstJoke() async throws -> Int { try await wb.get("/jokes/1").response.statusCode }
            try await firstJoke()
            """
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: isolatedEnvironment(home: home.url))
        #expect(typed.status == 0, "\(typed.output)")
        #expect(SnippetOutput.masked(typed.output, sizesAndClocks: false) == """
            Official Joke API 1.0.0 (OpenAPI 3.1.0): 11 operations in 4 tags, 3 schemas — `spec` lists them, `spec models` declares them
            base http://127.0.0.1:PORT/jokes (server 1 of 2; `spec --server N` picks another)
            defined firstJoke
            HTTP 200 OK · application/json · 98 B · TIME
            {
              "type": "general",
              "setup": "What did the fish say when it hit the wall?",
              "punchline": "Dam.",
              "id": 1
            }
            try await firstJoke(): Int
            200

            """, "\(typed.output)")
    }

    /// What `spec sandbox/jsonplaceholder` says, the port masked.
    static let jsonPlaceholderSpec = """
        JSONPlaceholder 1.0.0 (OpenAPI 3.1.0): 48 operations in 7 tags, 26 schemas — `spec` lists them, `spec models` declares them
        base http://127.0.0.1:PORT/jsonplaceholder (server 1 of 2; `spec --server N` picks another)
        """

    /// What the four posts of `requestBodiesAreCheckedBeforeTheyAreSent` say, times masked.
    static let posted = """
        MISMATCH $: required property 'body' is missing
        MISMATCH $: required property 'userId' is missing
        MISMATCH $.title: expected a string, found 5
        HTTP 201 Created · application/json · 29 B · TIME
        {
          "title": 5,
          "id": 101
        }
        warning: the 201 body does not match createPost's schema at $: required property 'body' is missing
        MISMATCH $.userId: expected an integer, found "1"
        HTTP 201 Created · application/json · 63 B · TIME
        {
          "title": "t",
          "body": "b",
          "userId": "1",
          "id": 101
        }
        warning: the 201 body does not match createPost's schema at $.userId: expected an integer, found "1"
        HTTP 201 Created · application/json · 61 B · TIME
        {
          "title": "t",
          "body": "b",
          "userId": 1,
          "id": 101
        }
        HTTP 201 Created · application/json · 29 B · TIME
        {
          "title": 6,
          "id": 101
        }
        """.replacingOccurrences(of: "MISMATCH", with: "warning: the request body does not match createPost's schema at")
}
