import Foundation
import TestSupport
import Testing

/// Multi-line input at a real terminal: the first `...` of a session says how to get out, a pasted
/// struct with blank lines is one input, and a command's arguments never continue.
@Suite(.serialized) struct ContinuationTerminalTests {
    static let hint = "(Ctrl-C cancels the input)"

    @Test func theFirstContinuationSaysHowToCancelOnce() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            var mark = terminal.mark
            terminal.type("struct Pair: Codable {\r")
            let first = try await terminal.waitForPrompt("... ", after: mark)
            #expect(first.contains(Self.hint), "\(first)")
            // Blank lines inside a declaration are ordinary lines, as when pasted from an editor.
            for line in ["  let a: Int", "", "  let b: Int"] {
                mark = terminal.mark
                terminal.type(line + "\r")
                try await terminal.waitForPrompt("... ", after: mark)
            }
            mark = terminal.mark
            terminal.type("}\r")
            try await terminal.waitFor("defined Pair (2 properties)", after: mark)
            try await terminal.waitForPrompt(after: mark)

            // The second continuation of the session has the bare prompt; Ctrl-C leaves it.
            mark = terminal.mark
            terminal.type("json {\r")
            let second = try await terminal.waitForPrompt("... ", after: mark)
            #expect(!second.contains(Self.hint), "\(second)")
            terminal.type("\u{3}")
            try await terminal.waitForPrompt(after: mark)

            // The input was cancelled: nothing became the body.
            mark = terminal.mark
            terminal.type("json {\"a\": 1, \"b\": 2}\r")
            try await terminal.waitFor("current body: an object with 2 members", after: mark)
            mark = terminal.mark
            terminal.type("decode Pair\r")
            try await terminal.waitFor("Pair(a: 1, b: 2)", after: mark)
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
            #expect(terminal.output.components(separatedBy: Self.hint).count == 2, "\(terminal.output)")
        }
    }

    /// A browser's multi-line "Copy as cURL" pasted at the prompt is one input: it is sent once.
    @Test func aPastedMultiLineCurlCommandIsOneRequest() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            let mark = terminal.mark
            try await terminal.paste("curl 'sandbox/httpbin/anything?via=paste' \\\n  -H 'x-pasted: yes' \\\n  --compressed\n")
            let seen = try await terminal.waitFor(#""X-Pasted": "yes""#, after: mark)
            #expect(seen.contains(#""via": "paste""#), "\(seen)")
            try await terminal.waitForPrompt(after: mark)
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
            #expect(!terminal.output.contains("error:"), "\(terminal.output)")
        }
    }

    /// `let s = #"\"#` is a whole raw string (its `\` is text, the `"#` closes it): it runs at once,
    /// with no continuation prompt, and prints what the compiled program prints.
    @Test func aRawStringEndingInABackslashRunsAtOnce() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, _ in
            var mark = terminal.mark
            terminal.type("let s = #\"\\\"#\r")
            let shown = try await terminal.waitForPrompt(after: mark)
            #expect(shown.contains("s: String\r\n\\\r\n"), "\(shown)")
            #expect(!shown.contains("... ") && !shown.contains(Self.hint), "\(shown)")
            mark = terminal.mark
            terminal.type("print(s, s.count, s == \"\\\\\")\r")
            let printed = try await terminal.waitForPrompt(after: mark)
            #expect(printed.contains("\\ 1 true\r\n"), "\(printed)")
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
            #expect(!terminal.output.contains("error:"), "\(terminal.output)")
        }
    }

    @Test func aCommandsArgumentsEndWithTheirLine() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            terminal.type("json {\"a\": 1}\r")
            try await terminal.waitForPrompt(after: mark)
            mark = terminal.mark
            terminal.type("decode [\r")
            let seen = try await terminal.waitForPrompt(after: mark)
            #expect(seen.contains("error: '[' is not a Swift type"), "\(seen)")
            #expect(!seen.contains("... "), "\(seen)")
        }
    }
}
