import Foundation
import TestSupport
import Testing

/// A `wb.…` statement typed at the prompt has its command's effects on the session: the prompt
/// follows the request, and Ctrl-C stops the request, as for the command it stands for.
@Suite(.serialized) struct SwiftStatementTerminalTests {
    @Test func aBaseStatementMovesThePromptAsTheCommandDoes() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            var mark = terminal.mark
            terminal.type("try wb.base(\"https://example.org/zoo\")\r")
            let afterStatement = try await terminal.waitForPrompt("> ", after: mark)
            #expect(afterStatement.contains("wb example> "))
            mark = terminal.mark
            terminal.type("base https://example.com/zoo\r")
            let afterCommand = try await terminal.waitForPrompt("> ", after: mark)
            #expect(afterCommand.contains("wb example> "))
        }
    }

    /// The session's first request, typed as Swift: Ctrl-C stops it long before the 8 seconds the
    /// server waits, and the response never shows.
    @Test func ctrlCStopsTheFirstRequestTypedAsSwift() async throws {
        try await PseudoTerminal.withWorkbench { terminal, _ in
            // The command sends nothing, so the request below is the session's first.
            terminal.type("base sandbox/httpbin\r")
            try await terminal.waitForPrompt("wb httpbin> ")
            let mark = terminal.mark
            terminal.type("try await wb.get(\"/delay/8\")\r")
            // The spinner shows the request is in flight (it appears after ~300 ms on a terminal).
            try await terminal.waitFor("⠋", after: mark)
            terminal.type("\u{3}")
            let shown = try await terminal.waitForPrompt("wb httpbin> ", after: mark)
            #expect(shown.contains("cancelled"))
            #expect(!shown.contains("HTTP 200"))
        }
    }
}
