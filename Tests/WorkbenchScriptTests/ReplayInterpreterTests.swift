import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// The snippet interpreter on local documents: output, bindings, loops, errors with `line:col`.
@MainActor
@Suite struct ReplayInterpreterTests {
    func replay(_ source: String, fileName: String = "demo.swift", check: Bool = false) async throws -> (String, SnippetReplay.Outcome) {
        let console = Console(capturingWithColors: false)
        var replay = SnippetReplay(script: try SnippetScript(source: source, fileName: fileName), console: console, sandboxURL: nil,
                                   environment: WorkbenchEnvironment())
        replay.check = check
        let outcome = await replay.run()
        return (console.capturedText, outcome)
    }

    func results(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(SnippetReplay.echoMarker) }.joined(separator: "\n")
    }

    @Test func decodesBindsInterpolatesAndLoops() async throws {
        let source = #"""
            // A local document.
            import WorkbenchKit
            struct Item: Codable {
                let name: String
                let tags: [String]
            }
            let wb = Workbench()
            try wb.json(#"{"items": [{"name": "a", "tags": ["x", "y"]}, {"name": "b", "tags": []}]}"#)
            let items = try wb.decode([Item].self, at: "items")
            print("\(items.count) items; first: \(items[0].name), tags \(items[0].tags.joined(separator: "+"))")
            for item in items.prefix(1) {
                print(item)
            }
            print(items.first?.name)
            """#
        let (output, outcome) = try await replay(source, fileName: "local-items.swift")
        #expect(outcome == SnippetReplay.Outcome(stepsRun: 7, failures: 0, stopped: false))
        let lines = results(output).split(separator: "\n").map(String.init)
        #expect(lines.suffix(5) == [
            "[Item] · 2 values",
            #"[local_items.Item(name: "a", tags: ["x", "y"]), local_items.Item(name: "b", tags: [])]"#,
            "2 items; first: a, tags x+y",
            #"Item(name: "a", tags: ["x", "y"])"#,
            #"Optional("a")"#,
        ])
        #expect(output.contains("» for item in items.prefix(1) {\n» "))
    }

    @Test func aCaughtDecodingErrorPrintsAsSwiftPrintsIt() async throws {
        let source = """
            import WorkbenchKit
            struct Joke: Codable { let id: Int }
            let wb = Workbench()
            try wb.json("{}")
            do {
                let joke = try wb.decode(Joke.self)
                print(joke)
            } catch {
                print(error)
            }
            """
        let (output, outcome) = try await replay(source)
        #expect(outcome.failures == 0)
        #expect(results(output).hasSuffix("DecodingError.keyNotFound: Key 'id' not found in keyed decoding container. "
            + #"Debug description: No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id")."# + "\n"))
    }

    /// What the interpreter does not run is compiled, after the earlier statements, printing what
    /// the compiled snippet prints (and nothing for an expression's value).
    @Test func statementsTheInterpreterDoesNotRunAreCompiled() async throws {
        let source = """
            let wb = Workbench()
            let x = 1 + 2
            if x > 2 { print("big") }
            func twice(_ n: Int) -> Int { n * 2 }
            print(twice(x))
            let doubled = [1, 2].map { twice($0) }
            print(doubled)
            doubled.count
            """
        let (output, outcome) = try await replay(source, check: true)
        #expect(outcome.failures == 0, "\(output)")
        #expect(results(output) == "big\n6\n[2, 4]\n")
    }

    @Test(arguments: [
        // A compile error is placed in the snippet's file, as the interpreter's own errors are.
        ("  print(missing)", "error: demo.swift:2:9: cannot find 'missing' in scope"),
        ("wb.frobnicate()", "error: demo.swift:2:4: value of type 'Workbench' has no member 'frobnicate'"),
        ("let a = [1][3]", "Fatal error: Index out of range"),
    ])
    func aFailingCompiledStatementStopsACheckedReplay(line: String, expected: String) async throws {
        let (output, outcome) = try await replay("let wb = Workbench()\n\(line)\nprint(\"after\")\n", check: true)
        #expect(outcome.failures == 1)
        #expect(output.contains(expected), "\(output)")
        #expect(!output.contains("\nafter\n"))
    }

    /// A compile error in a replayed statement shows the file's line under it, with a caret under
    /// the column; also for a statement after another on its line.
    @Test(arguments: [
        ("  print(missing)", "error: demo.swift:2:9: cannot find 'missing' in scope", 8),
        ("let k = 1; print(missing)", "error: demo.swift:2:18: cannot find 'missing' in scope", 17),
    ])
    func aCompileErrorShowsTheFilesLineAndACaret(line: String, expected: String, before: Int) async throws {
        let (output, outcome) = try await replay("let wb = Workbench()\n\(line)\nprint(\"after\")\n", check: true)
        #expect(outcome.failures == 1)
        let caret = "  " + String(repeating: " ", count: before) + "^"
        #expect(output.contains("\(expected)\n  \(line)\n\(caret)\n"), "\(output)")
        // A report still names the error, not its caret.
        #expect(StepFailureLine(output: output, file: "demo.swift").message == "error:" + expected.dropFirst("error: demo.swift:2:\(before + 1):".count))
    }

    /// Replay goes on after a failure; a statement reading what a failed one should have bound
    /// says so (compiled, the snippet would have stopped there), placed at the name, without
    /// running, and what it binds is unbound in turn.
    @Test func aStatementReadingANameAFailedStatementBindsSaysWhichLineFailed() async throws {
        let source = #"""
            import WorkbenchKit
            struct Item: Codable { let id: Int }
            let wb = Workbench()
            try wb.json(#"[{"name": "a"}]"#)
            let items = try wb.decode([Item].self)
            let ids = items.map(\.id)
            print("count:",
                  ids.count)
            let items = [Item(id: 7)]
            print(items.map(\.id))
            """#
        let (output, outcome) = try await replay(source)
        #expect(outcome.failures == 3, "\(output)")
        #expect(output.contains("error: demo.swift:6:11: 'items' is not bound: line 5, which binds it, failed\n"), "\(output)")
        #expect(output.contains("error: demo.swift:8:7: 'ids' is not bound: line 6, which binds it, failed\n"), "\(output)")
        // Bound again by a statement that succeeds, the name is read as usual.
        #expect(output.hasSuffix("[7]\n"), "\(output)")
    }

    @Test func aTypeDeclaredLaterResolvesAndOneNeverDeclaredIsReportedWhereItIsWritten() async throws {
        let source = #"""
            import WorkbenchKit
            let wb = Workbench()
            try wb.json(#"{"q2": [{"x": 1}]}"#)
              struct Q1: Codable {
                let q2: [Q2]
            }
            struct Q2: Codable { let x: Int }
            let q = try wb.decode(Q1.self)
            struct Q3: Codable {
                let q4: Q4?
            }
            let r = try wb.decode(Q3.self)
            """#
        let (output, outcome) = try await replay(source)
        #expect(outcome.failures == 1)
        #expect(output.contains("\nQ1(q2: [demo.Q2(x: 1)])\n"), "\(output)")
        // One position, the name's own: its line in the file and its column on that line.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("let q4: Q4?") })
        let column = lines[line].distance(from: lines[line].startIndex, to: try #require(lines[line].range(of: "Q4?")).lowerBound) + 1
        #expect(output.contains("error: demo.swift:\(line + 1):\(column): cannot find type 'Q4' in scope\n"), "\(output)")
    }

    @Test func aDeclarationErrorHasOnePositionInTheFile() async throws {
        let (output, outcome) = try await replay("let wb = Workbench()\n  enum E: String, Codable {\n    case a = 1\n  }\n")
        #expect(outcome.failures == 1)
        // The model parser leaves a raw value it cannot check to the compiler, as at the prompt.
        #expect(output.contains("error: demo.swift:3:14: cannot convert value of type 'Int' to raw type 'String'\n"), "\(output)")
    }

    /// Declarations compile with the statements after them, as in the compiled snippet where a
    /// function may read a global declared below it; one that never compiles is still reported, at
    /// its own place, when nothing after it needed the host.
    @Test func aDeclarationSeesGlobalsBelowItAndABrokenOneIsReportedAtTheEnd() async throws {
        let (output, outcome) = try await replay(
            "let wb = Workbench()\nfunc greet() -> String { greeting + \"!\" }\nvar greeting = \"hi\"\nprint(greet())\n")
        #expect(outcome.failures == 0, "\(output)")
        #expect(results(output) == "hi!\n")
        let (broken, brokenOutcome) = try await replay("let wb = Workbench()\nprint(1)\nstruct S { let x: Missing }\n", check: true)
        #expect(brokenOutcome.failures == 1)
        #expect(broken.contains("error: demo.swift:3:19: cannot find type 'Missing' in scope\n"), "\(broken)")
    }

    @Test func aSyntaxErrorIsLocated() async throws {
        #expect {
            try SnippetScript(source: "let x = (\n", fileName: "broken.swift")
        } throws: { error in
            "\(error)".hasPrefix("broken.swift:1:")
        }
    }

    @Test(arguments: [
        ("first-posts.swift", "first_posts"), ("borders.swift", "borders"), ("3d-models.swift", "_3d_models"),
        ("café.swift", "caf_"), ("a.b.swift", "a_b"),
    ])
    func moduleNamesFollowSwiftPM(file: String, module: String) {
        #expect(SnippetScript.moduleName(forFile: file) == module)
    }

    @Test func theDescriptionIsTheFirstCommentParagraph() {
        let source = "// One line\n// and its second.\n//\n// Notes.\n\nimport WorkbenchKit\n"
        #expect(SnippetScript.summary(of: source) == "One line and its second.")
    }

    @Test func sandboxStartNeedsASandbox() async throws {
        let (output, outcome) = try await replay("import Sandbox\nlet sandbox = try await Sandbox.start()\n", check: true)
        #expect(outcome.failures == 1)
        #expect(output.contains("error: demo.swift:2:1: no sandbox is running"))
    }
}
