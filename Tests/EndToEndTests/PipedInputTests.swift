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

    @Test func aScriptRunsWithoutPromptOrEscapeCodes() async throws {
        let result = try await run("help\nhelp quit\nquit\n")
        #expect(result.status == 0)
        #expect(result.output.contains("`help NAME` shows a command's usage"))
        #expect(result.output.contains("leave Workbench"))
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
        #expect(result.output.contains("error: unknown command 'hlep', did you mean 'help'?"))
        // The lines after the failure still ran.
        #expect(result.output.contains("leave Workbench"))
    }

    @Test func theLastLineNeedsNoNewline() async throws {
        let result = try await run("help quit")
        #expect(result.status == 0)
        #expect(result.output.contains("leave Workbench"))
    }

    @Test func incompleteInputIsJoinedWithTheNextLines() async throws {
        // One input spanning three lines: a single error, not three.
        let result = try await run("nosuch {\n  a\n}\n")
        #expect(result.status == 1)
        #expect(result.output.components(separatedBy: "error:").count == 2)
    }

    @Test func versionAndHelpFlags() async throws {
        let version = try await PipedRun.run(try Binaries.workbench, ["--version"], input: "", environment: [:])
        #expect(version.status == 0)
        #expect(version.output == "0.1.0\n")
        let help = try await PipedRun.run(try Binaries.workbench, ["--help"], input: "", environment: [:])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: workbench"))
        // Paragraphs wrap at word boundaries to 80 columns, never mid-sentence at a source line's end.
        let lines = help.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(help.output)")
        #expect(!lines.contains { $0 == "the" || $0 == "workbench`)," }, "\(help.output)")
    }
}
