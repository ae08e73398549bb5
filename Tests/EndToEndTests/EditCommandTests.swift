import Foundation
import TestSupport
import Testing

/// `edit` with EDITOR set to a script that changes the file, as a user's editor would: the session
/// runs again from the first changed step, and the steps before it keep their values.
@Suite struct EditCommandTests {
    /// Runs `script` piped with EDITOR set to a shell script whose body is `editor` (`$1` is the file).
    func run(_ script: String, editor: String) async throws -> PipedRun {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let program = home.url.appendingPathComponent("editor.sh")
        // Run by `sh`, not executed: a file just written can be "busy" for exec while another
        // test forks.
        try (editor + "\n").write(to: program, atomically: true, encoding: .utf8)
        return try await PipedRun.run(try Binaries.workbench, input: script,
                                      environment: isolatedEnvironment(home: home.url, extra: ["EDITOR": "sh " + program.path]))
    }

    /// Lines of the output that are not the response's JSON body.
    func lines(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !($0.hasPrefix("  \"") || $0 == "{" || $0 == "}") }
    }

    @Test func editingAnEarlierStepRunsItAndTheStepsAfterItAndKeepsTheOnesBefore() async throws {
        let result = try await run("""
            get sandbox/jsonplaceholder/posts/1
            let r = Int.random(in: 1...1_000_000)
            let n = 10
            let doubled = [n].map { $0 * 2 }
            edit 3
            print(r == (r + 0), doubled)
            steps

            """, editor: #"sed -i 's/let n = 10/let n = 21/' "$1""#)
        #expect(result.status == 0, "\(result.output)")
        let shown = lines(result.output)
        // One request: the step above the change was not run again.
        #expect(shown.filter { $0.hasPrefix("HTTP 200 OK") }.count == 1, "\(shown)")
        let random = try #require(shown.firstIndex(of: "r: Int").map { shown[$0 + 1] })
        #expect(Array(shown.drop { $0 != "running from step 3 (2 steps; the steps before it keep their values)" }) == [
            "running from step 3 (2 steps; the steps before it keep their values)",
            "n: Int", "21",
            "doubled: [Int]", "[42]",
            "true [42]",
            "1  try await wb.get(\"sandbox/jsonplaceholder/posts/1\")  (1 request)",
            "2  let r = Int.random(in: 1...1_000_000)",
            "3  let n = 21",
            "4  let doubled = [n].map { $0 * 2 }",
            "5  print(r == (r + 0), doubled)",
            "",
        ])
        #expect(Int(random) != nil)
    }

    @Test func editAllRunsFromTheFirstChangedLineOfTheWholeSession() async throws {
        let result = try await run("""
            let a = 1
            let b = a + 1
            let c = b * 10
            edit all
            print(a, b, c)

            """, editor: #"sed -i 's/let b = a + 1/let b = a + 5/' "$1""#)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix("""
            running from step 2 (2 steps; the steps before it keep their values)
            b: Int
            6
            c: Int
            60
            1 6 60

            """), "\(result.output)")
    }

    @Test func theLastStepIsEditedByDefaultAndAFailureStopsTheRunAndIsOpenedAgain() async throws {
        let result = try await run("""
            let a = 1
            let b = a + 1
            edit
            edit
            print(a, b)

            """, editor: #"if grep -q nope "$1"; then sed -i 's/nope/a/' "$1"; else sed -i 's/let b = a + 1/let b = nope + 1/' "$1"; fi"#)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.hasSuffix("""
            running from step 2 (1 step; the steps before it keep their values)
            error: 1:9: cannot find 'nope' in scope
              let b = nope + 1
                      ^
            stopped: step 2 failed, so it is no step (`edit` opens it again)
            running from step 2 (1 step; the steps before it keep their values)
            b: Int
            2
            1 2

            """), "\(result.output)")
    }

    /// (the editor's script, the start and the end of the one line `edit` prints)
    @Test(arguments: [
        ("exit 3", "error: the editor ('", "editor.sh') exited with status 3: nothing ran"),
        ("true", "unchanged: nothing ran", "unchanged: nothing ran"),
        // Only white space and a comment changed: the same tokens.
        (#"sed -i 's/, / ,  /' "$1"; echo '// a comment' >> "$1""#, "unchanged: nothing ran", "unchanged: nothing ran"),
    ])
    func anEditorThatFailsOrChangesNothingRunsNothing(editor: String, start: String, end: String) async throws {
        let result = try await run("let a = [1, 2].map { $0 * 2 }\nedit\nprint(a)\n", editor: editor)
        let shown = lines(result.output)
        #expect(shown.count == 5, "\(shown)")
        #expect(Array(shown.prefix(2)) == ["a: [Int]", "[2, 4]"] && Array(shown.suffix(2)) == ["[2, 4]", ""], "\(shown)")
        #expect(shown[2].hasPrefix(start) && shown[2].hasSuffix(end), "\(shown)")
    }

    @Test func editWithoutStepsOrWithABadNumberSaysSoInOneLine() async throws {
        let result = try await run("edit\nlet a = 1\nedit 4\nedit x\n", editor: "true")
        #expect(result.output == """
            error: no steps yet to edit: nothing has succeeded
            a: Int
            1
            error: no step 4: there are 1 (`steps` lists them)
            error: edit takes a step number, `all` or nothing, got 'x'

            """)
    }
}
