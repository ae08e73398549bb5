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

    @Test func anUnfinishedBodyFailsAndTheLineThatBrokeItRuns() async throws {
        let result = try await run("body {\"a\":\nhelp quit\n")
        #expect(result.status == 1)
        // `help quit` ran after the body failed.
        #expect(result.output == "error: invalid JSON body at line 1, column 6: expected a value after ':', found the end of the input"
            + " — fix it, or send text with `header Content-Type: text/plain`\n" + PipedInputTests.helpQuit, "\(result.output)")
    }

    @Test func aJSONDocumentContinuesAcrossLinesAndBlankLines() async throws {
        let result = try await run("json {\n  \"a\": 1,\n\n  \"b\": [2,\n 3]\n}\nhelp quit\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "current body: an object with 2 members (29 bytes)\n" + PipedInputTests.helpQuit, "\(result.output)")
    }

    @Test func anUnfinishedBodyAtTheEndOfTheScriptFailsAlone() async throws {
        let result = try await run("help quit\nbody [1,\n")
        #expect(result.status == 1)
        #expect(result.output == PipedInputTests.helpQuit
            + "error: invalid JSON body at line 1, column 4: expected a value after ',' in an array, found the end of the input"
            + " — fix it, or send text with `header Content-Type: text/plain`\n", "\(result.output)")
    }

    /// A pasted multi-line "Copy as cURL": each `\` at a line's end takes the next line, a quote
    /// open across lines too; the line after the command runs on its own.
    @Test func aCurlLineContinuesAfterABackslashAndAnOpenQuote() async throws {
        let result = try await run("curl sandbox/httpbin/anything \\\n  -H 'X-Pasted: yes' \\\n  --data-raw '{\"a\":\n 1}' -H 'Content-Type: application/json'\nhelp quit\n")
        #expect(result.status == 0, "\(result.output)")
        // The sandbox's port, the size and time of the answer, and the headers URLSession adds from
        // the libcurl it was built with (User-Agent, Accept-Encoding) vary: masked.
        let output = SnippetOutput.masked(result.output)
            .replacingOccurrences(of: #"(?m)^(    "(User-Agent|Accept-Encoding)": )".*"(,?)$"#, with: "$1\"…\"$3", options: .regularExpression)
        #expect(output == #"""
            HTTP 200 OK · application/json · SIZE · TIME
            {
              "args": {},
              "data": "{\"a\":\n 1}",
              "files": {},
              "form": {},
              "headers": {
                "Accept": "*/*",
                "Accept-Encoding": "…",
                "Accept-Language": "en",
                "Connection": "keep-alive",
                "Content-Length": "9",
                "Content-Type": "application/json",
                "Host": "127.0.0.1:PORT",
                "User-Agent": "…",
                "X-Pasted": "yes"
              },
              "json": {
                "a": 1
              },
              "method": "POST",
              "origin": "127.0.0.1",
              "url": "http://127.0.0.1:PORT/httpbin/anything"
            }

            """# + PipedInputTests.helpQuit, "\(result.output)")
    }

    @Test func decodeArgumentsEndWithTheirLine() async throws {
        let result = try await run("json {\"a\": 1}\ndecode [\nhelp quit\nhelp\n")
        #expect(result.status == 1)
        #expect(result.output == "current body: an object with 1 member (8 bytes)\nerror: '[' is not a Swift type\n"
            + PipedInputTests.helpQuit + PipedInputTests.firstHelp, "\(result.output)")
    }

    @Test func aURLWithAnOpenParenthesisEndsWithItsLine() async throws {
        var script = Data("get ".utf8)
        script.append(contentsOf: [0xFF, 0xFE])
        script.append(Data("( x\nhelp quit\n".utf8))
        let result = try await run(script)
        #expect(result.status == 1)
        // The bytes that are not UTF-8 read as part of the URL; `x` after it is the one mistake.
        #expect(result.output == "error: 'x' is not a request item — use name==value, Header:value, field=value or field:=json"
            + " (the path or URL comes first)\n" + PipedInputTests.helpQuit, "\(result.output)")
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
        #expect(result.output == """
            defined Pair (2 properties)
            current body: an object with 2 members (16 bytes)
            Pair
            Pair(a: 1, b: 2)

            """, "\(result.output)")
    }

    @Test func anErrorLineQuotesTypedTextCutAndOnOneLine() async throws {
        let long = String(repeating: "x", count: 500)
        let result = try await run("\(long)\nhelp quit\n")
        #expect(result.status == 1)
        // The first 60 characters of the line, then `…`.
        #expect(result.output == "error: unknown command '\(long.prefix(60))…' ('help' lists commands)\n" + PipedInputTests.helpQuit,
                "\(result.output)")
    }
}
