import Foundation
import SandboxTestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `save` replays what it is about to write, answered by the session's own responses, and names
/// each statement that would fail; `steps`, `--steps` and `--from` choose what is written.
@MainActor
@Suite struct SaveCheckTests {
    let console = Console(capturingWithColors: false)

    /// The session: decode [User], redefine User with a property the data lacks, go on.
    static let redefiningSession = [
        "base sandbox/jsonplaceholder", "get /users",
        "struct User: Codable { let id: Int; let name: String }", "let users = decode [User]",
        "get /users/\\(users[0].id)",
        "struct User: Codable { let id: Int; let name: String; let nickname: String }",
        "users.count",
    ]

    func withSession(_ lines: [String] = redefiningSession, _ body: @MainActor (Session, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("save-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            for line in lines {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            console.clearCaptured()
            try await body(session, directory)
        }
    }

    @Test func aSnippetThatFailsItsOwnReplayIsNotWrittenAndItsStepsAreNamed() async throws {
        try await withSession { session, directory in
            #expect(await session.evaluate("save users --dir \(directory.path)") == false)
            let lines = console.capturedText.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("let users = try wb.decode([User].self) — fails on replay: error: DecodingError.keyNotFound: Key 'nickname' not found") == true, "\(lines)")
            #expect(lines.last?.hasPrefix("error: not saved: 3 statements fail when the snippet replays") == true, "\(lines)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.swift").path))

            console.clearCaptured()
            #expect(await session.evaluate("save users --dir \(directory.path) --force"))
            #expect(console.capturedText.contains("saved anyway (--force): 3 statements fail when the snippet replays"))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.swift").path))
        }
    }

    /// `steps` numbers what `--steps` takes; declarations are kept whatever is chosen, and a
    /// choice that replays cleanly is written.
    @Test func chosenStepsThatReplayCleanlyAreWritten() async throws {
        try await withSession { session, directory in
            #expect(await session.evaluate("steps"))
            let listing = console.capturedText.split(separator: "\n").map(String.init)
            #expect(listing.count == Self.redefiningSession.count)
            #expect(listing[1] == "2  try await wb.get(\"/users\")  (1 request)")
            #expect(listing[5].hasPrefix("6  struct User: Codable { let id: Int; let name: String; let nickname: String }"))

            console.clearCaptured()
            #expect(await session.evaluate("save first --steps 1-5 --dir \(directory.path)"), "\(console.capturedText)")
            let saved = try String(contentsOf: directory.appendingPathComponent("first.swift"), encoding: .utf8)
            #expect(saved.contains("let users = try wb.decode([User].self)"))
            #expect(!saved.contains("nickname"))
            #expect(!saved.contains("print(users.count)"))
        }
    }

    /// Issue 36: a pasted document is one long line; `steps` cuts it as an error quotes input,
    /// `steps --all` prints every statement whole.
    @Test func stepsCutsALongStatementAndAllPrintsItWhole() async throws {
        let values = (1...2000).map { "{\"id\": \($0)}" }.joined(separator: ", ")
        let lines = ["json [\(values)]", "struct Post: Codable {\n  let id: Int\n}", "let n = 1"]
        try await withSession(lines) { session, _ in
            #expect(await session.evaluate("steps"))
            let listing = console.capturedText.split(separator: "\n").map(String.init)
            #expect(listing.count == 4, "\(listing)")
            #expect(listing[0].hasPrefix("1  try wb.json("))
            #expect(listing[0].hasSuffix("…") && listing[0].count == 3 + StepsCommand.lineLimit + 1)
            #expect(listing[1] == "2  struct Post: Codable { …")
            #expect(listing[2] == "3  let n = 1")
            #expect(listing[3] == "(1 long statement cut: `steps --all` prints them whole)")

            console.clearCaptured()
            #expect(await session.evaluate("steps --all"))
            let whole = console.capturedText.split(separator: "\n").map(String.init)
            #expect(whole.count == 5, "\(whole.map { $0.prefix(80) })")
            #expect(whole[0].contains("{\"id\": 2000}"))
            #expect(Array(whole[1...4]) == ["2  struct Post: Codable {", "     let id: Int", "   }", "3  let n = 1"])

            console.clearCaptured()
            #expect(await !session.evaluate("steps --everything"))
            #expect(console.capturedText == "error: unknown option '--everything' (steps takes --all)\n")
            console.clearCaptured()
            #expect(await !session.evaluate("steps all"))
            #expect(console.capturedText == "error: steps takes only --all, got 'all'\n")
        }
    }

    /// Issue 36: `swift run NAME` builds a snippet only in a package's Snippets/; saved elsewhere,
    /// the header and `save` say what runs it.
    @Test func outsideAPackageTheHeaderSaysWhatRunsTheSnippet() async throws {
        try await withSession(["let n = 1"]) { session, directory in
            let folder = directory.appendingPathComponent("Snippets")
            #expect(await session.evaluate("save loose --dir \(folder.path)"), "\(console.capturedText)")
            let header = "// Replay it with `workbench replay loose --step`. `swift run loose` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit."
            let loose = try String(contentsOf: folder.appendingPathComponent("loose.swift"), encoding: .utf8)
            #expect(loose.contains(header + "\n"))
            let lines = console.capturedText.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.last == "no Package.swift beside \(folder.path): `workbench replay \(folder.path)/loose.swift` runs it; "
                + "`swift run loose` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.")

            try Data("// swift-tools-version:6.0\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
            console.clearCaptured()
            #expect(await session.evaluate("save packaged --dir \(folder.path)"))
            let packaged = try String(contentsOf: folder.appendingPathComponent("packaged.swift"), encoding: .utf8)
            #expect(packaged.contains("// Replay it with `workbench replay packaged --step`; compile and run it with `swift run packaged`.\n"))
            #expect(console.capturedText.split(separator: "\n").count == 1)
        }
    }

    /// A chosen step that fails on replay before it sends (it reads `n`, from a step left out)
    /// is the only one named: the steps after it are answered with their own responses, so the
    /// `decode User` after `get /users/1` succeeds as it did in the session.
    @Test func aFailingStatementLeavesTheStepsAfterItTheirOwnResponses() async throws {
        let lines = ["base sandbox/jsonplaceholder", "let n = 2", "try await wb.get(\"/posts/\\(n)\")", "get /users/1",
                     "struct User: Codable { let id: Int; let name: String }", "let user = decode User", "user.name"]
        try await withSession(lines) { session, directory in
            #expect(await session.evaluate("save user --steps 1,3-7 --dir \(directory.path)") == false)
            let printed = console.capturedText.split(separator: "\n").map(String.init)
            #expect(printed.count == 2, "\(printed)")
            #expect(printed.first?.contains("try await wb.get(\"/posts/\\(n)\") — fails on replay: error: cannot find 'n' in scope") == true,
                    "\(printed)")
            #expect(printed.last?.hasPrefix("error: not saved: a statement fails when the snippet replays") == true, "\(printed)")
        }
    }

    /// `--steps` writes the declarations its statements need, and those they need in turn (a
    /// property's type, an extension of a needed type), not every declaration before them.
    @Test func chosenStepsGetOnlyTheDeclarationsTheyNeed() async throws {
        let lines = ["base sandbox/jsonplaceholder", "get /users", "struct User: Codable { let id: Int; let name: String }",
                     "let users = decode [User]", "struct Author: Codable { let id: Int }",
                     "struct Post: Codable { let id: Int; let title: String; let author: Author? }",
                     "extension Post { var short: String { String(title.prefix(10)) } }", "func t() -> Int { 1 }",
                     "get /posts/1", "let post = decode Post", "post.short"]
        try await withSession(lines) { session, directory in
            #expect(await session.evaluate("save post --steps 1,9-11 --dir \(directory.path)"), "\(console.capturedText)")
            let saved = try String(contentsOf: directory.appendingPathComponent("post.swift"), encoding: .utf8)
            for needed in ["struct Author", "struct Post", "extension Post", "let post = try wb.decode(Post.self)", "print(post.short)"] {
                #expect(saved.contains(needed), "\(needed)\n\(saved)")
            }
            for unrelated in ["struct User", "func t()", "[User]"] {
                #expect(!saved.contains(unrelated), "\(unrelated)\n\(saved)")
            }
        }
    }

    @Test(arguments: [
        ("save x --steps 9", "error: step 9 does not exist: the session has 7 steps (`steps` lists them)"),
        ("save x --steps 3-a", "error: '3-a' is not a step or a range of steps: write them as in `--steps 3-7,9`"),
        ("save x --from 0", "error: --from needs a step number, as in `--from 4`"),
        ("save x --from 8", "error: --from 8: the session has 7 steps (`steps` lists them)"),
    ])
    func badChoicesAreOneLine(input: String, expected: String) async throws {
        try await withSession { session, directory in
            #expect(await session.evaluate(input + " --dir \(directory.path)") == false)
            #expect(console.capturedText == expected + "\n")
        }
    }
}
