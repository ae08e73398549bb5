import Foundation
import TestSupport
import Testing

/// `export playground NAME --blocks`: the session as a Swift file of one `#Playground` block, its
/// declarations at file scope, which replay reads back and which prints what the session printed.
extension CompiledSwiftSessions {
    @Suite struct PlaygroundBlockExportTests {
        /// A request's status line without its time (`HTTP 200 OK · application/json · 292 B`).
        static func withoutTime(_ line: String) -> String {
            guard line.hasPrefix("HTTP "), let last = line.range(of: " · ", options: .backwards) else { return line }
            return String(line[..<last.lowerBound])
        }

        @Test func theExportedBlockReplaysWhatTheSessionPrinted() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let folder = home.url.path
            let session = """
                base sandbox/jsonplaceholder
                get /posts/1
                struct Post: Codable { let userId: Int; let id: Int; let title: String }
                let post = decode Post
                print("#\\(post.id): \\(post.title)")
                let note = \"""
                  by user \\(post.userId)
                  \"""
                print(note)
                export playground FirstPost "Fetch one post" --blocks --dir \(folder)
                export playground FirstPost --blocks --dir \(folder)
                export markdown notes --blocks

                """
            let environment = isolatedEnvironment(home: home.url)
            let run = try await PipedRun.run(try Binaries.workbench, [], input: session, environment: environment)
            #expect(run.status == 1, "\(run.output)\(run.errorOutput)")
            let lines = run.output.split(separator: "\n").map(String.init)
            let wrote = try #require(lines.firstIndex { $0.hasPrefix("wrote ") }, "\(run.output)")
            #expect(lines[wrote].hasSuffix("FirstPost.swift (one #Playground block; `replay \(folder)/FirstPost.swift` runs it here)"), "\(run.output)")
            #expect(Array(lines[(wrote + 1)...]) == [
                "error: \(folder)/FirstPost.swift already exists; add --force to replace it",
                "error: unknown option '--blocks' (export markdown takes --dir DIR and --force)",
            ], "\(run.output)")

            let text = try String(contentsOf: home.url.appendingPathComponent("FirstPost.swift"), encoding: .utf8)
            #expect(text == """
                // Fetch one post
                //
                // `workbench replay FirstPost.swift` runs its #Playground block, with the session's `wb`.

                import Foundation
                import Playgrounds
                import WorkbenchKit

                struct Post: Codable { let userId: Int; let id: Int; let title: String }

                #Playground("FirstPost") {
                    try wb.base("sandbox/jsonplaceholder")
                    try await wb.get("/posts/1")
                    let post = try wb.decode(Post.self)
                    print("#\\(post.id): \\(post.title)")
                    let note = \"""
                      by user \\(post.userId)
                      \"""
                    print(note)
                }

                """)

            // What the session printed, but what only the prompt shows: a declaration's line and a
            // binding's value (`note: String` and the value under it).
            var printed = Array(lines[..<wrote])
            printed.removeAll { $0 == "defined Post (3 properties)" }
            let binding = try #require(printed.firstIndex(of: "note: String"), "\(run.output)")
            printed.removeSubrange(binding...(binding + 1))
            let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", home.url.appendingPathComponent("FirstPost.swift").path],
                                                  input: "", environment: environment)
            #expect(replayed.status == 0, "\(replayed.output)")
            let replayedLines = replayed.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("» ") }
            #expect(replayedLines.first == "━━ Playground 1 of 1: FirstPost ━━", "\(replayed.output)")
            #expect(replayedLines.dropFirst().map(Self.withoutTime) == printed.map(Self.withoutTime), "\(replayed.output)")
            #expect(printed.suffix(2) == ["#1: sunt aut facere repellat provident occaecati excepturi optio reprehenderit", "by user 1"], "\(run.output)")
        }
    }
}
