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
        let output = SnippetOutput.masked(typed.output)
        #expect(output.contains("base http://127.0.0.1:PORT/jsonplaceholder (server 1 of 2;"), "\(output)")
        #expect(output.contains("declared 1 model: Post"), "\(output)")
        #expect(output.contains("post.title: String\nsunt aut facere repellat provident occaecati excepturi optio reprehenderit"), "\(output)")
        #expect(output.contains("warning: GET /nothing/here is not a path of JSONPlaceholder"), "\(output)")
        // Every answer of the sandbox matches its own document: no other warning.
        #expect(output.components(separatedBy: "warning:").count == 2, "\(output)")

        let file = folder.appendingPathComponent("spec-posts.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("import WorkbenchSpec\n"), "\(saved)")
        #expect(saved.contains(#"try await wb.spec("sandbox/jsonplaceholder")"#), "\(saved)")
        #expect(saved.contains("struct Post: Codable {"), "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "spec_posts")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        let results = SnippetOutput.results(of: replayed.output)
        #expect(results.contains("warning: GET /nothing/here is not a path of JSONPlaceholder"), "\(results)")
        #expect(results.contains("base http://127.0.0.1:PORT/jsonplaceholder (server 1 of 2;"), "\(results)")
    }

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
        let output = SnippetOutput.masked(typed.output)
        let mismatch = "warning: the request body does not match createPost's schema at"
        let first = """
            \(mismatch) $: required property 'body' is missing
            \(mismatch) $: required property 'userId' is missing
            \(mismatch) $.title: expected a string, found 5
            HTTP 201 Created · application/json
            """
        #expect(output.contains(first), "\(output)")
        #expect(output.contains("warning: the 201 body does not match createPost's schema at $: required property 'body' is missing"), "\(output)")
        #expect(output.contains("\(mismatch) $.userId: expected an integer, found \"1\"\nHTTP 201 Created"), "\(output)")
        // Three lines for the first post, one for wb.post's; the matching body and the host's say nothing.
        #expect(output.components(separatedBy: mismatch).count == 5, "\(output)")
        #expect(!output.contains("found 6"), "\(output)")

        let file = folder.appendingPathComponent("spec-bodies.swift")
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        let results = SnippetOutput.results(of: replayed.output)
        #expect(results.contains(first), "\(results)")
        #expect(results.components(separatedBy: mismatch).count == 5, "\(results)")
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
        let output = SnippetOutput.masked(typed.output)
        #expect(output.contains("HTTP 200 OK"), "\(output)")
        #expect(output.hasSuffix("200\n"), "\(output)")
    }
}
