import Foundation
import TestSupport
import Testing

/// A session typed through standard input, saved, then replayed: the same results come back.
@Suite struct SaveRoundTripTests {
    /// Like every end-to-end test, this fails (never skips) when `workbench` is not built:
    /// `Binaries.workbench` throws, saying to run `swift build` first.
    @Test func aSavedSessionReplaysWithTheSameResults() async throws {
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
            get /posts userId==1 Authorization:"Bearer s3cr3t"
            status
            nosuchcommand
            let posts = decode [Post]
            save first-posts "My first posts" --dir \(folder.path)
            """
        let environment = isolatedEnvironment(home: home.url, extra: ["AUTHORIZATION": "Bearer s3cr3t"])
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        // Only the answer's time varies: masked (its size is the sandbox's, the same every run).
        let typedOutput = SnippetOutput.masked(typed.output, sizesAndClocks: false)
        let expectedTyped: String = "defined Post (3 properties)\n" + Self.answer + Self.status
            + "error: unknown command 'nosuchcommand' ('help' lists commands)\n" + Self.decoded(module: "main") + """
            saved \(folder.path)/first-posts.swift (5 steps)
            no Package.swift beside \(folder.path): `workbench replay \(folder.path)/first-posts.swift` runs it; `swift run first-posts` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.
            secrets were not saved: set AUTHORIZATION in the environment to replay or run it

            """
        #expect(typedOutput == expectedTyped, "\(typed.output)")
        let file = folder.appendingPathComponent("first-posts.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        // The secret is an environment read, and the unknown command is not a step.
        #expect(saved == """
            // My first posts
            //
            // Replay it with `workbench replay first-posts --step`. `swift run first-posts` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.
            // Secrets are not saved: set AUTHORIZATION in the environment before running it.

            import Foundation
            import Sandbox
            import WorkbenchKit

            struct Post: Codable {
              let userId: Int
              let id: Int
              let title: String
            }

            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

            try await wb.get("/posts", query: ["userId": "1"], headers: ["Authorization": ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? ""])
            try wb.status()
            let posts = try wb.decode([Post].self)

            """, "\(saved)")
        #expect(!saved.contains("s3cr3t"))
        let compiled = try await SnippetTypeCheck.run(file, module: "first_posts")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        // Each statement echoed, then the same answers as at the prompt (the types in the snippet's module).
        let echoed: String = """
            » struct Post: Codable {
            »   let userId: Int
            »   let id: Int
            »   let title: String
            » }
            » let sandbox = try await Sandbox.start()
            » let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)
            » try await wb.get("/posts", query: ["userId": "1"], headers: ["Authorization": ProcessInfo.processInfo.environment["AUTHORIZATION"] ?? ""])

            """
        let expectedReplay: String = echoed + Self.answer + "» try wb.status()\n" + Self.status
            + "» let posts = try wb.decode([Post].self)\n" + Self.decoded(module: "first_posts")
        #expect(SnippetOutput.masked(replayed.output, sizesAndClocks: false) == expectedReplay, "\(replayed.output)")
    }

    /// `get /posts userId==1`'s answer, its time masked: the first 40 lines of the body.
    static let answer: String = #"""
        HTTP 200 OK · application/json · 2.7 KB · TIME
        [
          {
            "userId": 1,
            "id": 1,
            "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
            "body": "quia et suscipit\nsuscipit recusandae consequuntur expedita et cum\nreprehenderit molestiae ut ut quas totam\nnostrum rerum est autem sunt rem eveniet architecto"
          },
          {
            "userId": 1,
            "id": 2,
            "title": "qui est esse",
            "body": "est rerum tempore vitae\nsequi sint nihil reprehenderit dolor beatae ea dolores neque\nfugiat blanditiis voluptate porro vel nihil molestiae ut reiciendis\nqui aperiam non debitis possimus qui neque nisi nulla"
          },
          {
            "userId": 1,
            "id": 3,
            "title": "ea molestias quasi exercitationem repellat qui ipsa sit aut",
            "body": "et iusto sed quo iure\nvoluptatem occaecati omnis eligendi aut ad\nvoluptatem doloribus vel accusantium quis pariatur\nmolestiae porro eius odio et labore et velit aut"
          },
          {
            "userId": 1,
            "id": 4,
            "title": "eum et est occaecati",
            "body": "ullam et saepe reiciendis voluptatem adipisci\nsit amet autem assumenda provident rerum culpa\nquis hic commodi nesciunt rem tenetur doloremque ipsam iure\nquis sunt voluptatem rerum illo velit"
          },
          {
            "userId": 1,
            "id": 5,
            "title": "nesciunt quas odio",
            "body": "repudiandae veniam quaerat sunt sed\nalias aut fugiat sit autem sed est\nvoluptatem omnis possimus esse voluptatibus quis\nest aut tenetur dolor neque"
          },
          {
            "userId": 1,
            "id": 6,
            "title": "dolorem eum magni eos aperiam quia",
            "body": "ut aspernatur corporis harum nihil quis provident sequi\nmollitia nobis aliquid molestiae\nperspiciatis et ea nemo ab reprehenderit accusantium quas\nvoluptate dolores velit et doloremque molestiae"
          },
          {
            "userId": 1,
            "id": 7,
        … 22 more lines · `body --all` shows them

        """#

    static let status = "200 OK\n2xx success: the request was received, understood and accepted\n"

    static let titles = [
        "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
        "qui est esse",
        "ea molestias quasi exercitationem repellat qui ipsa sit aut",
        "eum et est occaecati",
        "nesciunt quas odio",
        "dolorem eum magni eos aperiam quia",
        "magnam facilis autem",
        "dolorem dolore est ipsam",
        "nesciunt iure omnis dolorem tempora et accusantium",
        "optio molestias id quia eum"
    ]

    /// `decode [Post]`'s answer, `Post` named in `module`.
    static func decoded(module: String) -> String {
        let posts = titles.enumerated().map { index, title in "\(module).Post(userId: 1, id: \(index + 1), title: \"\(title)\")" }
        return "[Post] · 10 values\n[" + posts.joined(separator: ", ") + "]\n"
    }
}
