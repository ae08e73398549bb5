import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// `replay`'s words at the prompt (the same rules as `workbench replay`'s: `ReplayRequest.problem`),
/// and several snippets with their reports replayed inside a session.
@MainActor
@Suite struct ReplayRequestTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let words: String
        let expected: String
        var testDescription: String { words }
    }

    nonisolated static let errors = [
        ErrorCase(words: "", expected: "which snippet? `replay NAME` (`snippets` lists them)"),
        ErrorCase(words: "a --junit", expected: "--junit needs a value (FILE), as in `replay Snippets/*.swift --junit report.xml`"),
        ErrorCase(words: "a --tap --check", expected: "--tap needs a value (FILE), as in `replay Snippets/*.swift --tap report.tap`"),
        ErrorCase(words: "a --json x", expected: "unknown option '--json' (replay takes --step, --check, --results, --dir DIR, --junit FILE and --tap FILE)"),
        ErrorCase(words: "a b.playground", expected: "a playground replays alone: `replay b.playground`"),
        ErrorCase(words: "b.playground --junit r.xml", expected: "--junit and --tap report snippets, not a playground"),
        ErrorCase(words: "a --step --tap r.tap", expected: "--junit and --tap report a replay that runs unattended; drop --step"),
        ErrorCase(words: "a --results --junit r.xml", expected: "--junit and --tap report statements, not the results column; drop --results"),
        ErrorCase(words: "a --junit r --tap ./r", expected: "--junit and --tap need two different files"),
    ]

    @Test(arguments: errors)
    func wordsThatDoNotGoTogetherAreOneLine(_ error: ErrorCase) throws {
        let thrown = #expect(throws: UsageError.self) { try ReplayRequest(words: try Arguments.split(error.words)) }
        #expect(thrown?.description == error.expected)
    }

    @Test func severalSnippetsAndBothReports() throws {
        let request = try ReplayRequest(words: ["a", "Snippets/b.swift", "--check", "--junit", "r.xml", "--tap", "r.tap", "--dir", "d"])
        #expect(request.targets == ["a", "Snippets/b.swift"])
        #expect(request.check && !request.step)
        #expect(request.junit == "r.xml" && request.tap == "r.tap" && request.directory == "d")
    }

    /// There is no shell at the prompt: a wildcard names the files it matches, in order, and is
    /// left as typed when it matches none.
    @Test func aWildcardIsTheFilesItMatches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["b.swift", "a.swift", "notes.txt"] { try Data().write(to: directory.appendingPathComponent(name)) }
        #expect(ReplayRequest.expanded(directory.path + "/*.swift") == ["a.swift", "b.swift"].map { directory.path + "/" + $0 })
        #expect(ReplayRequest.expanded(directory.path + "/*.none") == [directory.path + "/*.none"])
        #expect(ReplayRequest.expanded("borders") == ["borders"])
    }

    @Test func thePromptReplaysSeveralAndWritesTheReports() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "import WorkbenchKit\nlet wb = Workbench()\ntry wb.json(\"[1]\")\n"
            .write(to: directory.appendingPathComponent("good.swift"), atomically: true, encoding: .utf8)
        try "import WorkbenchKit\nlet wb = Workbench()\n\ntry wb.status()\n"
            .write(to: directory.appendingPathComponent("bad.swift"), atomically: true, encoding: .utf8)
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        let junit = directory.appendingPathComponent("r.xml").path, tap = directory.appendingPathComponent("r.tap").path
        let succeeded = await session.evaluate("replay \(directory.path)/*.swift gone --dir \(directory.path) --junit \(junit) --tap \(tap)")
        #expect(!succeeded)
        let output = console.capturedText
        #expect(output.contains("error: no snippet 'gone': "))
        #expect(output.contains("wrote JUnit report \(junit) (3 test cases)\nwrote TAP report \(tap) (3 test cases)\n"))
        #expect(output.hasSuffix("error: 3 snippets: 1 passed, 2 failed (bad, gone)\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"<failure message="line 4: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)" type="failed statement">"#))
        #expect(xml.contains(#"<error message="no snippet &apos;gone&apos;: "#))
        let tapText = try String(contentsOfFile: tap, encoding: .utf8)
        #expect(tapText.hasPrefix("TAP version 13\n1..3\nnot ok 1 - bad\n"))
        #expect(tapText.contains("\nok 2 - good\nnot ok 3 - gone\n"))
        // The mirror that read the failures is gone with the replay.
        #expect(console.mirror == nil)
    }

    @Test func aLoneSnippetThatFailsKeepsItsErrorLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "import WorkbenchKit\nlet wb = Workbench()\ntry wb.status()\n"
            .write(to: directory.appendingPathComponent("bad.swift"), atomically: true, encoding: .utf8)
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("replay bad --dir \(directory.path)") == false)
        #expect(console.capturedText.hasSuffix("error: 1 of 2 statements of bad.swift failed\n"))
        #expect(!console.capturedText.contains("──"))
    }
}
