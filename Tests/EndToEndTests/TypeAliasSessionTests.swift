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
        // `decode Posts` prints exactly what `decode [Post]` printed, and a model whose property is of
        // the alias's type decodes too. Masked: the time of the sandbox's answer.
        #expect(SnippetOutput.masked(typed.output, sizesAndClocks: false) == """
            defined Post (3 properties)
            defined Posts
            HTTP 200 OK · application/json · 2.7 KB · TIME
            \(Self.postsShown)
            [Post] · 10 values
            \(Self.posts(in: "main"))
            [Post] · 10 values
            \(Self.posts(in: "main"))
            firstTwo: [Post]
            \(Self.posts(in: "main", count: 2))
            firstTwo.count: Int
            2
            defined Page (1 property)
            current body: an object with 1 member (13 bytes)
            Page
            Page(posts: [])
            saved \(folder.path)/aliases.swift (11 steps)
            no Package.swift beside \(folder.path): `workbench replay \(folder.path)/aliases.swift` runs it; `swift run aliases` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            """, "\(typed.output)")

        let file = folder.appendingPathComponent("aliases.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == #"""
            // A Workbench session saved as aliases.
            //
            // Replay it with `workbench replay aliases --step`. `swift run aliases` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            import Foundation
            import Sandbox
            import WorkbenchKit

            struct Post: Codable {
              let userId: Int
              let id: Int
              let title: String
            }

            typealias Posts = [Post]

            struct Page: Codable { let posts: Posts }

            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

            try await wb.get("/posts", query: ["userId": "1"])
            try wb.decode([Post].self)
            let posts = try wb.decode(Posts.self)
            let firstTwo: Posts = Array(posts.prefix(2))
            print(firstTwo.count)
            try wb.json(#"{"posts": []}"#)
            try wb.decode(Page.self)

            """#, "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "aliases")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        // Replayed, the snippet prints what the session printed, its types in the snippet's module.
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(SnippetOutput.results(of: replayed.output, sizesAndClocks: false) == """
            HTTP 200 OK · application/json · 2.7 KB · TIME
            \(Self.postsShown)
            [Post] · 10 values
            \(Self.posts(in: "aliases"))
            [Post] · 10 values
            \(Self.posts(in: "aliases"))
            2
            current body: an object with 1 member (13 bytes)
            Page
            Page(posts: [])

            """, "\(replayed.output)")
    }

    /// The titles of user 1's posts in the sandbox's JSONPlaceholder.
    static let titles = [
        "sunt aut facere repellat provident occaecati excepturi optio reprehenderit", "qui est esse",
        "ea molestias quasi exercitationem repellat qui ipsa sit aut", "eum et est occaecati", "nesciunt quas odio",
        "dolorem eum magni eos aperiam quia", "magnam facilis autem", "dolorem dolore est ipsam",
        "nesciunt iure omnis dolorem tempora et accusantium", "optio molestias id quia eum",
    ]

    /// The first `count` of them decoded as `[Post]`, as `print` shows it with the types in `module`.
    static func posts(in module: String, count: Int = 10) -> String {
        "[" + titles.prefix(count).enumerated().map { "\(module).Post(userId: 1, id: \($0.offset + 1), title: \"\($0.element)\")" }
            .joined(separator: ", ") + "]"
    }

    /// What `get /posts userId==1` shows of the body: its first 40 lines.
    static let postsShown = SandboxAnswers.postsOfUserOneShown + SandboxAnswers.postsOfUserOneMore
}
