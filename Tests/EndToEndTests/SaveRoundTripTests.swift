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
    static let answer = "HTTP 200 OK · application/json · 2.7 KB · TIME\n" + SandboxAnswers.postsOfUserOneShown
        + SandboxAnswers.postsOfUserOneMore + "\n"

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
