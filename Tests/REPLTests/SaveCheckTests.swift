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

    /// The issue's session: decode [User], redefine User with a property the data lacks, go on.
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

    /// What `save` prints when it writes NAME in `folder`, which has no Package.swift beside it.
    static func saved(_ folder: URL, _ name: String, steps: String) -> String {
        "saved \(folder.path)/\(name).swift (\(steps))\nno Package.swift beside \(folder.path): `workbench replay \(folder.path)/\(name).swift` "
            + "runs it; `swift run \(name)` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.\n"
    }

    @Test func aSnippetThatFailsItsOwnReplayIsNotWrittenAndItsStepsAreNamed() async throws {
        try await withSession { session, directory in
            #expect(await session.evaluate("save users --dir \(directory.path)") == false)
            // The failing statements by their line in the snippet, the first with its reason, the
            // two after it for want of what it binds.
            let failing: String = #"""
                line 15: let users = try wb.decode([User].self) — fails on replay: error: DecodingError.keyNotFound: Key 'nickname' not found in keyed decoding container. Path: [0]. Debug description: No value associated with key CodingKeys(stringValue: "nickname", intValue: nil) ("nickname").
                line 16: try await wb.get("/users/\(users[0].id)") — fails on replay: error: 'users' is not bound: line 15, which binds it, failed
                line 17: print(users.count) — fails on replay: error: 'users' is not bound: line 15, which binds it, failed

                """#
            #expect(console.capturedText == failing + "error: not saved: 3 statements fail when the snippet replays — leave the steps out "
                    + "(`steps`, then `--steps` or `--from`), or add --force to save it anyway\n", "\(console.capturedText)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.swift").path))

            console.clearCaptured()
            #expect(await session.evaluate("save users --dir \(directory.path) --force"))
            #expect(console.capturedText == failing + "saved anyway (--force): 3 statements fail when the snippet replays\n"
                    + Self.saved(directory, "users", steps: "6 steps"), "\(console.capturedText)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.swift").path))
        }
    }

    /// `steps` numbers what `--steps` takes; declarations are kept whatever is chosen, and a
    /// choice that replays cleanly is written.
    @Test func chosenStepsThatReplayCleanlyAreWritten() async throws {
        try await withSession { session, directory in
            #expect(await session.evaluate("steps"))
            #expect(console.capturedText == #"""
                1  try wb.base("sandbox/jsonplaceholder")
                2  try await wb.get("/users")  (1 request)
                3  struct User: Codable { let id: Int; let name: String }
                4  let users = try wb.decode([User].self)
                5  try await wb.get("/users/\(users[0].id)")  (1 request)
                6  struct User: Codable { let id: Int; let name: String; let nickname: String }
                7  users.count

                """#, "\(console.capturedText)")

            console.clearCaptured()
            #expect(await session.evaluate("save first --steps 1-5 --dir \(directory.path)"), "\(console.capturedText)")
            #expect(console.capturedText == Self.saved(directory, "first", steps: "5 steps"), "\(console.capturedText)")
            // Steps 1 to 5: the first User, not the one redefined after them, and not `users.count`.
            let saved = try String(contentsOf: directory.appendingPathComponent("first.swift"), encoding: .utf8)
            #expect(saved == #"""
                // A Workbench session saved as first.
                //
                // Replay it with `workbench replay first --step`. `swift run first` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

                import Foundation
                import Sandbox
                import WorkbenchKit

                struct User: Codable { let id: Int; let name: String }

                let sandbox = try await Sandbox.start()
                let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

                try await wb.get("/users")
                let users = try wb.decode([User].self)
                try await wb.get("/users/\(users[0].id)")

                """#, "\(saved)")
        }
    }

    /// Issue 36: a pasted document is one long line; `steps` cuts it as an error quotes input,
    /// `steps --all` prints every statement whole.
    @Test func stepsCutsALongStatementAndAllPrintsItWhole() async throws {
        let values = (1...2000).map { "{\"id\": \($0)}" }.joined(separator: ", ")
        let lines = ["json [\(values)]", "struct Post: Codable {\n  let id: Int\n}", "let n = 1"]
        try await withSession(lines) { session, _ in
            #expect(await session.evaluate("steps"))
            // The document's statement, cut after its first `lineLimit` characters.
            let statement = "try wb.json(#\"[\(values)]\"#)"
            let listing = console.capturedText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(listing == ["1  " + statement.prefix(StepsCommand.lineLimit) + "…", "2  struct Post: Codable { …", "3  let n = 1",
                                "(1 long statement cut: `steps --all` prints them whole)", ""], "\(listing.map { $0.prefix(200) })")

            console.clearCaptured()
            #expect(await session.evaluate("steps --all"))
            let whole = console.capturedText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(whole == ["1  " + statement, "2  struct Post: Codable {", "     let id: Int", "   }", "3  let n = 1", ""],
                    "\(whole.map { $0.prefix(200) })")

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
            let loose = try String(contentsOf: folder.appendingPathComponent("loose.swift"), encoding: .utf8)
            #expect(loose == """
                // A Workbench session saved as loose.
                //
                // Replay it with `workbench replay loose --step`. `swift run loose` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

                import Foundation
                import WorkbenchKit

                let wb = Workbench()

                let n = 1

                """, "\(loose)")
            #expect(console.capturedText == Self.saved(folder, "loose", steps: "1 step"), "\(console.capturedText)")

            try Data("// swift-tools-version:6.0\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
            console.clearCaptured()
            #expect(await session.evaluate("save packaged --dir \(folder.path)"))
            let packaged = try String(contentsOf: folder.appendingPathComponent("packaged.swift"), encoding: .utf8)
            #expect(packaged == """
                // A Workbench session saved as packaged.
                //
                // Replay it with `workbench replay packaged --step`; compile and run it with `swift run packaged`.

                import Foundation
                import WorkbenchKit

                let wb = Workbench()

                let n = 1

                """, "\(packaged)")
            #expect(console.capturedText == "saved \(folder.path)/packaged.swift (1 step)\n", "\(console.capturedText)")
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
            #expect(console.capturedText == #"""
                line 14: try await wb.get("/posts/\(n)") — fails on replay: error: cannot find 'n' in scope
                error: not saved: a statement fails when the snippet replays — leave the steps out (`steps`, then `--steps` or `--from`), or add --force to save it anyway

                """#, "\(console.capturedText)")
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
            #expect(console.capturedText == Self.saved(directory, "post", steps: "7 steps"), "\(console.capturedText)")
            // Post, the Author its property names and Post's extension; not User, `t()` or `users`.
            let saved = try String(contentsOf: directory.appendingPathComponent("post.swift"), encoding: .utf8)
            #expect(saved == """
                // A Workbench session saved as post.
                //
                // Replay it with `workbench replay post --step`. `swift run post` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

                import Foundation
                import Sandbox
                import WorkbenchKit

                struct Author: Codable { let id: Int }

                struct Post: Codable { let id: Int; let title: String; let author: Author? }

                extension Post { var short: String { String(title.prefix(10)) } }

                let sandbox = try await Sandbox.start()
                let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

                try await wb.get("/posts/1")
                let post = try wb.decode(Post.self)
                print(post.short)

                """, "\(saved)")
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
