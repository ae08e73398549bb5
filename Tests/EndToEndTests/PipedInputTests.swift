import Foundation
import TestSupport
import Testing

/// `workbench` fed a script on standard input: no prompt, no escape codes, a meaningful exit status.
@Suite struct PipedInputTests {
    func run(_ script: String) async throws -> PipedRun {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        return try await PipedRun.run(try Binaries.workbench, input: script, environment: isolatedEnvironment(home: home.url))
    }

    /// What `help quit` prints (the piped scripts here and in PipedContinuationTests end with it, to
    /// show that the lines after a failure still run).
    static let helpQuit = """
        quit
          leave Workbench (Ctrl-D on an empty line does the same)
          also: exit

          History is saved as you go, so nothing typed is lost.
          Swift: none (a snippet ends at its last line)

          Example:
            wb> quit

        """

    /// What `help` prints: the first time in a session, `Start here` and a blank line come first.
    static let helpListing = """
        build     base path query header method url reset
        send      send env ws graphql get post put patch delete head
        inspect   body status headers timing history show results curl cookies
        models    models model json decode infer load spec
        snippets  save steps edit play replay snippets export open page package
        misc      set sandbox help stop quit
        Swift     let/var, expressions, struct/enum/func, loops, wb.… — `help swift`
        sandbox   jsonplaceholder restcountries countries jokes met httpbin (`sandbox`)

        `help NAME` shows a command's usage, its Swift statement and an example.
        A name you declared in Swift wins over a command word; `:NAME` runs the command.

        """
    static let firstHelp = "Start here: `get sandbox/jsonplaceholder/posts`, `infer Post`, `decode [Post]`\n\n" + helpListing

    @Test func aScriptRunsWithoutPromptOrEscapeCodes() async throws {
        let result = try await run("help\nhelp quit\nquit\n")
        #expect(result.status == 0)
        #expect(result.output == Self.firstHelp + Self.helpQuit, "\(result.output)")
        // No prompt: every "wb>" in the output is an indented help example.
        #expect(!result.output.split(separator: "\n").contains { $0.hasPrefix("wb>") })
        #expect(!result.output.contains("\u{1B}"))
        #expect(result.errorOutput.isEmpty)
    }

    /// A model holding Foundation types decodes as JSONDecoder decodes it (`Data` from base64), and
    /// the decoded value works in compiled Swift after it; the expected text is what the same
    /// declaration, document and `print` give compiled with `swiftc -swift-version 5`.
    @Test func aModelWithFoundationTypesDecodesAndIsUsable() async throws {
        let result = try await run("""
            struct U: Codable { let id: UUID; let blob: Data?; let when: Date; let tz: TimeZone? }
            json {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "blob": "AQID", "when": 0, "tz": {"identifier": "Europe/Paris"}}
            let u = decode U
            print(u.blob!.map { $0 * 2 }, u.tz!.identifier)

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == """
            defined U (4 properties)
            current body: an object with 4 members (111 bytes)
            U
            U(id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, blob: Optional(3 bytes), when: 2001-01-01 00:00:00 +0000, tz: Optional(Europe/Paris))
            [2, 4, 6] Europe/Paris

            """)
    }

    @Test func aFailingLineMakesTheExitStatusOne() async throws {
        let result = try await run("help\nhlep\nhelp quit\n")
        #expect(result.status == 1)
        // The lines after the failure still ran.
        #expect(result.output == Self.firstHelp + "error: unknown command 'hlep', did you mean 'help'? ('help' lists commands)\n" + Self.helpQuit,
                "\(result.output)")
    }

    @Test func theLastLineNeedsNoNewline() async throws {
        let result = try await run("help quit")
        #expect(result.status == 0)
        #expect(result.output == Self.helpQuit, "\(result.output)")
    }

    @Test func incompleteInputIsJoinedWithTheNextLines() async throws {
        // One input spanning three lines: a single error, not three.
        let result = try await run("nosuch {\n  a\n}\n")
        #expect(result.status == 1)
        #expect(result.output == """
            error: 1:1: cannot find 'nosuch' in scope
              nosuch {
              ^

            """, "\(result.output)")
    }

    @Test func versionAndHelpFlags() async throws {
        let version = try await PipedRun.run(try Binaries.workbench, ["--version"], input: "", environment: [:])
        #expect(version.status == 0)
        #expect(version.output == "0.1.0\n")
        let help = try await PipedRun.run(try Binaries.workbench, ["--help"], input: "", environment: [:])
        #expect(help.status == 0)
        #expect(help.output == """
            OVERVIEW: A Swift REPL for exploring and teaching HTTP/JSON APIs.

            Without a subcommand, starts the REPL with the embedded sandbox. Type `help` at
            the prompt for its commands. When input is piped (`printf 'help\\nquit\\n' |
            workbench`), no prompt is shown and the exit status is 1 if any line failed.

            USAGE: workbench [--offline] [--no-sandbox] [--spec <spec>] [--swift <5|6>]
                   workbench <subcommand>

            OPTIONS:
              --offline               Answer requests to the tutorials' real API hosts from
                                      the sandbox; URLs stay as typed.
              --no-sandbox            Do not start the embedded sandbox.
              --spec <spec>           An OpenAPI document to load at start, as `spec
                                      SOURCE` would (a file, a URL, sandbox/NAME).
              --swift <5|6>           The Swift language mode compiled input is checked in:
                                      5 (the default, as in a playground) or 6.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              sandbox                 Serve the sandbox APIs alone until Ctrl-C.
              replay                  Replay snippets statement by statement against an
                                      embedded sandbox.
              open                    Start the REPL with an Xcode playground open: its
                                      Sources/ imported, its pages listed.
              play                    Run a Swift file, and again from the first changed
                                      line each time it is saved.
              kernel                  Run as a Jupyter kernel (started by Jupyter with its
                                      connection file).

              See 'workbench help <subcommand>' for detailed help.

            """, "\(help.output)")
        // Paragraphs wrap at word boundaries to 80 columns, never mid-sentence at a source line's end.
        let lines = help.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(help.output)")
        #expect(!lines.contains { $0 == "the" || $0 == "workbench`)," }, "\(help.output)")
    }
}
