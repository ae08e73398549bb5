import Foundation
import SandboxTestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `export swift` / `export curl`: the exporters under one name with a help page of their own
/// (`help swift` is about Swift at the prompt); the old names `swift` and `curl` still work.
@MainActor
@Suite struct ExportCommandTests {
    let console = Console(capturingWithColors: false)

    func output(of line: String, in session: Session) async -> String {
        console.clearCaptured()
        #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
        return console.capturedText
    }

    @Test func helpExportDescribesBothAndTheListingNamesIt() async {
        let session = Session(console: console, isInteractive: false)
        // Not compared whole: the page's `export notebook NAME` paragraph has a line of 127 columns
        // where the others wrap before 93.
        let page = await output(of: "help export", in: session)
        #expect(page.hasPrefix("export swift | curl | playground NAME [--blocks] | markdown NAME | notebook NAME [\"description\"] | notebook PATH.playground | http NAME [--dir DIR] [--force]\n"))
        #expect(page.contains("  export swift   a complete program for the request"))
        #expect(page.contains("  export curl    the current request"))
        #expect(page.contains("  export playground NAME [\"description\"]\n"))
        #expect(page.contains("  export markdown NAME [\"description\"]\n"))
        #expect(page.contains("  export notebook NAME [\"description\"]\n"))
        #expect(page.contains("  export notebook PATH.playground\n"))
        #expect(page.contains("  export http NAME\n"))
        // The `Swift:` line is curl's statement as `save` writes it.
        let curl = TranscriptSnippet.savedSource(of: .curl, sandboxRoot: nil)
        #expect(page.contains("Swift: export curl is \(curl);"))
        // `swift` is found through `export`; `help swift` stays about Swift and points there.
        let listing = await output(of: "help", in: session).split(separator: "\n")
        #expect(listing.filter { $0.hasPrefix("snippets ") } == ["snippets  save steps edit play replay snippets export open page package"],
                "\(listing)")
        let swift = await output(of: "help swift", in: session)
        #expect(swift.split(separator: "\n").contains("`export swift` prints the request and the last decode as app code (`help export`)."), "\(swift)")
    }

    @Test func exportRunsTheSameCommandsAsTheOldNames() async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            for line in ["base sandbox/jsonplaceholder", "get /posts userId==1", "struct Post: Codable {\n  let id: Int\n}",
                         "let posts = decode [Post]"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            let app = await output(of: "export swift", in: session)
            #expect(app == """
                \(SwiftExportTests.imports)

                struct Post: Codable {
                  let id: Int
                }

                var components = URLComponents(string: "https://jsonplaceholder.typicode.com/posts")!
                components.queryItems = [
                    URLQueryItem(name: "userId", value: "1"),
                ]
                let url = components.url!

                let request = URLRequest(url: url)

                \(SwiftExportTests.send)

                let decoder = JSONDecoder()
                let posts = try decoder.decode([Post].self, from: data)
                print(posts)

                """, "\(app)")
            #expect(await output(of: "swift", in: session) == app)
            // The request as it was sent, to this run's sandbox.
            let curl = await output(of: "export curl", in: session)
            #expect(curl == "curl '\(root.absoluteString)/jsonplaceholder/posts?userId=1'\n", "\(curl)")
            #expect(await output(of: "curl", in: session) == curl)
        }
    }

    /// `export curl` is saved as `curl` is: the same statement, dispatched in one place.
    @Test func exportCurlIsCurlsStatement() throws {
        let session = Session(console: console, isInteractive: false)
        #expect(try session.commands.invocation(of: "export curl")?.statements() == [.curl])
        #expect(try session.commands.invocation(of: "export swift")?.statements() == nil)
        #expect(session.commands.invocation(of: "export swift")?.command.name == "swift")
    }

    @Test(arguments: [
        ("export", "error: export takes swift (app code), curl (a curl command line), playground NAME, markdown NAME, notebook NAME or http NAME — `help export` says more"),
        ("export pdf", "error: export takes swift (app code), curl (a curl command line), playground NAME, markdown NAME, notebook NAME or http NAME, not 'pdf' — `help export` says more"),
        ("export curl now", "error: export curl takes no arguments, got 'now' — `curl URL …` alone sends a curl command"),
    ])
    func mistakesAreOneLine(line: String, expected: String) async {
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate(line) == false)
        #expect(console.capturedText == expected + "\n")
    }
}
