import Foundation
import Testing
import TestSupport

/// A `\(…)` in a command that does not compile is shown where it was typed: its line of the input
/// (a curl command pasted over several lines) and a caret under the column the compiler names.
@Suite struct InterpolationErrorTests {
    @Test func theCaretIsUnderTheExpressionOnItsOwnLine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = """
            let n = 5
            curl http://127.0.0.1:9/x \\
              -H 'X-Id: \\(n.idd)'
            body {"id": \\(n.idd)}
            print(n)

            """
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: typed, environment: isolatedEnvironment(home: folder.url))
        let errors = run.output.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("error:") }
        #expect(Array(errors) == [
            "error: 2:17: value of type 'Int' has no member 'idd'",
            "    -H 'X-Id: \\(n.idd)'",
            "                  ^",
            "error: 1:17: value of type 'Int' has no member 'idd'",
            "  body {\"id\": \\(n.idd)}",
            "                  ^",
            "5",
            "",
        ], "\(run.output)")
    }

    /// The place comes from the command's own text, lexed as Swift ends an interpolation: the same
    /// characters inside an earlier `\(…)`'s string literal are not the expression that failed.
    @Test func theCaretIsUnderTheInterpolationThatFailedNotTheSameTextElsewhere() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = """
            let n = 5
            curl http://127.0.0.1:9/x \\
              -H 'X-Text: \\(String("\\\\(n.idd)"))' \\
              -H 'X-Id: \\(n.idd)'
            print(n)

            """
        let run = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: typed, environment: isolatedEnvironment(home: folder.url))
        let errors = run.output.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("error:") }
        #expect(Array(errors) == [
            "error: 3:17: value of type 'Int' has no member 'idd'",
            "    -H 'X-Id: \\(n.idd)'",
            "                  ^",
            "5",
            "",
        ], "\(run.output)")
    }
}
