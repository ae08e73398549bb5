import Foundation
@testable import REPL
import TestSupport
import Testing

/// A saved snippet is real Swift: every statement form `save` writes type-checks against this build.
@Suite struct SaveCompileTests {
    static let everyForm = [
        "base sandbox/jsonplaceholder", "struct Post: Codable {\n  let userId: Int\n  let id: Int\n  let title: String\n}",
        "path /posts", "path", "query userId=1", "query", "query -userId", "header Accept: application/json",
        "header Authorization: Bearer t0ken", "header --default X-Trace: 1", "header", "header -Accept", "method GET", "method", "set color off",
        #"body {"a": 1}"#, "body --form a=b", "body --clear", "url", "url http://127.0.0.1:1/x?y=1", "reset", "send",
        "get /posts userId==1 Accept:text/plain", "post /posts title=x userId:=1", "put /posts/1", "patch /posts/1",
        "delete /posts/1", "head /posts", "status", "headers", "headers Content-Type", "body", "body --raw --all",
        "timing", "history", "show 1", "curl", "decode [Post]", "let posts = decode [Post] --keys snake --dates iso8601",
        "decode Post --at [0] --dates formatted yyyy-MM-dd", "posts[0].title", "posts.count", #"json {"a": [1]}"#,
        "json @doc.json", "set timeout 5", "set redirects off", "set body-lines 10", "set max-body 10MB",
        "spec sandbox/jsonplaceholder", "spec petstore.yaml --server 2",
        // A pasted curl line's statements: JSON, a form, text, multipart, -L and -u.
        #"curl -sSL http://127.0.0.1:1/x --json '{"a": 1}' -u ada:pw"#, "curl http://127.0.0.1:1/x -d a=1 -d b=2",
        "curl -X PUT http://127.0.0.1:1/x -H 'Content-Type: text/plain' --data-raw $'two\\nlines'",
        "curl http://127.0.0.1:1/x -F title=Pilot",
    ]

    @MainActor @Test func everyStatementFormTypeChecks() async throws {
        let snippet = TranscriptSnippet(name: "every-form", description: "Every statement save writes.",
                                        steps: try SessionSteps.parse(Self.everyForm), sandboxURL: nil)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("every-form.swift")
        try snippet.source.write(to: file, atomically: true, encoding: .utf8)
        let result = try await SnippetTypeCheck.run(file, module: "every_form")
        #expect(result.status == 0, "\(result.errorOutput)\n\(snippet.source)")
    }
}
