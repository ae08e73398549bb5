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
        let page = await output(of: "help export", in: session)
        // The `Swift:` line is curl's statement as `save` writes it.
        let curl = TranscriptSnippet.savedSource(of: .curl, sandboxRoot: nil)
        #expect(page == """
            export swift | curl | playground NAME [--blocks] | markdown NAME | notebook NAME ["description"] | notebook PATH.playground | http NAME [--dir DIR] [--force]
              the request as Swift app code or a curl command; the session as a playground, Markdown or a notebook

              export swift   a complete program for the request whose body the last decode read
                             (without a decode, the request being built): URLComponents with its
                             queryItems, a URLRequest with the method, headers (secrets read from the
                             environment, as `save` writes them) and body, URLSession.shared.data(for:),
                             the status check, then the models, a JSONDecoder with the last decode's
                             strategies and print of the value. It needs neither Workbench nor the REPL:
                             paste it into an app, or run it with `swift FILE.swift`, and it prints what
                             `decode` printed. A sandbox URL is written as the real service's it stands
                             in for (a note marks what only the sandbox serves). Also `swift`.
              export curl    the current request (after a send, the one just sent) as a curl command
                             line, shell-quoted for sh/bash/zsh. Also `curl`.
              export playground NAME ["description"]
                             writes NAME.playground, which Xcode opens: one page holding what
                             `export swift` writes, its declarations at the top and its request in
                             a Task the page waits for (needsIndefiniteExecution), the description
                             as //: markup. `open` and `replay` read it back here.
                             With --blocks, NAME.swift instead, a file of Xcode's Playgrounds
                             macro: import Playgrounds, the session's declarations at file scope
                             and its statements (as `save` writes them) in one indented
                             #Playground("NAME") { … } block, using the session's `wb`.
                             `replay NAME.swift` runs it, `open`/`page` and `play` too.
              export markdown NAME ["description"]
                             writes NAME.md, a handout GitHub renders: the description, then each
                             input of the session as you typed it (Swift in a swift block, a command
                             after `wb>`) with what the prompt showed below it; a body cut short is
                             cut with a note (no terminal hints), every secret the session sent is
                             written ***, and offline answers are named by their real host with one
                             note saying so.
              export notebook NAME ["description"]
                             writes NAME.ipynb (nbformat 4.5) for the Workbench kernel: the same
                             inputs as code cells, each with its output, after a Markdown cell of the
                             name and description; markup typed here (//: prose) is Markdown cells.
                             JupyterLab, VS Code and GitHub open it.
              export notebook PATH.playground
                             writes a notebook per page of an Xcode playground (one-page: NAME.ipynb;
                             with pages: the folder NAME, "01 PAGE.ipynb" and on): its prose as
                             Markdown cells, links between pages pointing at their notebooks, the code
                             between as code cells (hidden code folded), opening the bundle first when
                             it has Sources/ or Resources/. Each is run here once, as the kernel runs
                             it, so it holds its outputs; a page that needs Xcode is written unrun.
              export http NAME
                             writes NAME.http, which VS Code's REST Client and JetBrains' HTTP Client
                             read: each request of the history (method, URL, headers, body) as a
                             `### N` block; a secret header's value is {{$processEnv NAME}}, read from
                             the environment as `save` does. `open NAME.http` reads it back here.

              Every form but swift and curl writes into the current folder (--dir DIR elsewhere)
              and refuses to replace a file unless --force.
              Swift: export curl is \(curl); export swift is none (what it prints is the Swift)

              Options:
                --dir DIR  write the document into DIR
                --force    replace a document that is there
                --blocks   a playground as NAME.swift, a file of one #Playground block

              Examples:
                wb> get /posts userId==1
                wb> let posts = decode [Post]
                wb> export swift
                wb> export curl
                wb> export playground FirstPost "Fetch a post and decode it"
                wb> export playground FirstPost --blocks
                wb> export markdown first-post
                wb> export notebook first-post "Fetch a post and decode it"
                wb> export notebook Networking.playground
                wb> export http first-post

            """, "\(page)")
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
