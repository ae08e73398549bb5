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
        #expect(typed.output.contains("saved \(folder.path)/first-posts.swift (5 steps)"), "\(typed.output)")
        #expect(typed.output.contains("set AUTHORIZATION in the environment"))
        let file = folder.appendingPathComponent("first-posts.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains("s3cr3t"))
        #expect(!saved.contains("nosuchcommand"))
        #expect(saved.contains("let posts = try wb.decode([Post].self)"))
        let compiled = try await SnippetTypeCheck.run(file, module: "first_posts")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        let results = SnippetOutput.results(of: replayed.output)
        // The status line of the request and of `status`, then the decoded posts.
        #expect(results.contains("HTTP 200 OK · application/json"))
        #expect(results.contains("200 OK\n2xx success"))
        #expect(results.contains("[Post] · 10 values\n[first_posts.Post(userId: 1, id: 1, title: "))
        // The same steps typed at the prompt printed the same request results.
        let typedStatus = SnippetOutput.masked(typed.output).components(separatedBy: "\n").first { $0.hasPrefix("HTTP 200") }
        #expect(typedStatus != nil && results.contains(typedStatus ?? "-"))
    }
}
