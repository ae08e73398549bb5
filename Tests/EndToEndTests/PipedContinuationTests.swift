import Foundation
import TestSupport
import Testing

/// Continuation lines in a piped script: only an incomplete but valid beginning takes the next
/// line, so one bad line can never swallow the rest of the script.
@Suite struct PipedContinuationTests {
    func run(_ script: String) async throws -> PipedRun {
        try await run(Data(script.utf8))
    }

    func run(_ script: Data) async throws -> PipedRun {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        return try await PipedRun.run(try Binaries.workbench, input: script, environment: isolatedEnvironment(home: home.url))
    }

    func errorLines(_ result: PipedRun) -> [Substring] {
        result.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
    }

    @Test func anUnfinishedBodyFailsAndTheLineThatBrokeItRuns() async throws {
        let result = try await run("body {\"a\":\nhelp quit\n")
        #expect(result.status == 1)
        #expect(errorLines(result) == [
            "error: invalid JSON body at line 1, column 6: expected a value after ':', found the end of the input"
                + " — fix it, or send text with `header Content-Type: text/plain`",
        ], "\(result.output)")
        // `help quit` ran after the body failed.
        #expect(result.output.contains("leave Workbench"), "\(result.output)")
    }

    @Test func aJSONDocumentContinuesAcrossLinesAndBlankLines() async throws {
        let result = try await run("json {\n  \"a\": 1,\n\n  \"b\": [2,\n 3]\n}\nhelp quit\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("current body: an object with 2 members"), "\(result.output)")
        #expect(result.output.contains("leave Workbench"))
    }

    @Test func anUnfinishedBodyAtTheEndOfTheScriptFailsAlone() async throws {
        let result = try await run("help quit\nbody [1,\n")
        #expect(result.status == 1)
        #expect(errorLines(result).count == 1, "\(result.output)")
        #expect(result.output.contains("leave Workbench"))
    }

    /// A pasted multi-line "Copy as cURL": each `\` at a line's end takes the next line, a quote
    /// open across lines too; the line after the command runs on its own.
    @Test func aCurlLineContinuesAfterABackslashAndAnOpenQuote() async throws {
        let result = try await run("curl sandbox/httpbin/anything \\\n  -H 'X-Pasted: yes' \\\n  --data-raw '{\"a\":\n 1}' -H 'Content-Type: application/json'\nhelp quit\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\"X-Pasted\": \"yes\""), "\(result.output)")
        #expect(result.output.contains("\"data\": \"{\\\"a\\\":\\n 1}\""), "\(result.output)")
        #expect(result.output.contains("leave Workbench"))
    }

    @Test func decodeArgumentsEndWithTheirLine() async throws {
        let result = try await run("json {\"a\": 1}\ndecode [\nhelp quit\nhelp\n")
        #expect(result.status == 1)
        #expect(errorLines(result) == ["error: '[' is not a Swift type"], "\(result.output)")
        #expect(result.output.contains("leave Workbench"))
        #expect(result.output.contains("`help NAME` shows a command's usage"))
    }

    @Test func aURLWithAnOpenParenthesisEndsWithItsLine() async throws {
        var script = Data("get ".utf8)
        script.append(contentsOf: [0xFF, 0xFE])
        script.append(Data("( x\nhelp quit\n".utf8))
        let result = try await run(script)
        #expect(result.status == 1)
        #expect(errorLines(result).count == 1, "\(result.output)")
        #expect(result.output.contains("leave Workbench"), "\(result.output)")
    }

    @Test func aStructWithBlankLinesIsOneInput() async throws {
        let script = """
            struct Pair: Codable {
                let a: Int

                let b: Int
            }
            json {"a": 1, "b": 2}
            decode Pair

            """
        let result = try await run(script)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("defined Pair (2 properties)"), "\(result.output)")
        #expect(result.output.contains("Pair(a: 1, b: 2)"), "\(result.output)")
    }

    @Test func anErrorLineQuotesTypedTextCutAndOnOneLine() async throws {
        let long = String(repeating: "x", count: 500)
        let result = try await run("\(long)\nhelp quit\n")
        #expect(result.status == 1)
        let errors = errorLines(result)
        #expect(errors.count == 1, "\(result.output)")
        #expect(errors.first.map { $0.count < 200 && $0.contains("…") } == true, "\(result.output)")
        #expect(result.output.contains("leave Workbench"))
    }
}
