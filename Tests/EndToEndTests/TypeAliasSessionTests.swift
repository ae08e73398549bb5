import Foundation
import TestSupport
import Testing

/// `typealias Posts = [Post]` typed at the prompt names the type wherever a type is written: in
/// `decode`, in `let x: Posts`, in other declarations, and in the snippet `save` writes.
@Suite struct TypeAliasSessionTests {
    @Test func anAliasWorksAtThePromptAndInTheSavedSnippet() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("Snippets")
        let session = """
            base sandbox/jsonplaceholder
            struct Post: Codable {
              let userId: Int
              let id: Int
              let title: String
            }
            typealias Posts = [Post]
            get /posts userId==1
            decode [Post]
            let posts = decode Posts
            let firstTwo: Posts = Array(posts.prefix(2))
            firstTwo.count
            struct Page: Codable { let posts: Posts }
            json {"posts": []}
            decode Page
            save aliases --dir \(folder.path)
            """
        let environment = isolatedEnvironment(home: home.url)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        #expect(typed.status == 0, "\(typed.output)")
        #expect(!typed.output.contains("error:"), "\(typed.output)")
        #expect(typed.output.contains("defined Posts\n"))
        // `decode Posts` printed exactly what `decode [Post]` printed.
        let lines = typed.output.components(separatedBy: "\n")
        let decoded = try #require(lines.firstIndex { $0.hasPrefix("[Post] · 10 values") })
        #expect(lines.filter { $0 == lines[decoded + 1] }.count == 2, "\(typed.output)")
        #expect(typed.output.contains("firstTwo.count: Int\n2\n"))
        // A model whose property is of the alias's type decodes too.
        #expect(typed.output.contains("defined Page (1 property)\n"))
        #expect(lines.contains("Page"), "\(typed.output)")

        let file = folder.appendingPathComponent("aliases.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("typealias Posts = [Post]\n"))
        #expect(saved.contains("let posts = try wb.decode(Posts.self)\n"))
        let compiled = try await SnippetTypeCheck.run(file, module: "aliases")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        let results = SnippetOutput.results(of: replayed.output)
        #expect(results.components(separatedBy: "[Post] · 10 values\n[aliases.Post(userId: 1, id: 1,").count == 3, "\(results)")
    }
}
