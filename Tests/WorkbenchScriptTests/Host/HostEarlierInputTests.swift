import Foundation
import TestSupport
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// An earlier step that no longer runs in the host the way it ran on the fast path (it traps, or
/// would send a request it never sent) is named once, on one line, and passed over: the new input
/// runs, and nothing is sent.
@MainActor
@Suite(.serialized) struct HostEarlierInputTests {
    @Test func anEarlierStepThatTrapsNowIsNamedAndTheInputRuns() async {
        let session = HostSession()
        session.record("let empty = [Int]()\nprint(empty[1])")
        let (output, outcome) = await session.run("1 + 1")
        #expect(output == "error: earlier input `let empty = [Int]()` fails in the Swift host: Fatal error: Index out of range\n"
                + shown("1 + 1", 2, type: "Int"))
        #expect(outcome.succeeded)
        // The trap left the quiet step's output silenced: the next input's own output still shows.
        #expect(await session.run("print(\"after\")").output == "after\n")
    }

    @Test func aRequestAnEarlierStepNeverMadeIsNotSent() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let session = HostSession(configuration: HostConfiguration(settings: PromptSettings(sandboxURL: server.baseURL)))
        session.record("try await wb.get(\"\(server.baseURL.absoluteString)/never\")")
        let (output, outcome) = await session.run("1 + 1")
        #expect(output.hasPrefix("error: earlier input `try await wb.get(\"\(server.baseURL.absoluteString)/never\")` fails in the Swift host: "))
        #expect(output.contains("not sent again"))
        #expect(output.hasSuffix(shown("1 + 1", 2, type: "Int")))
        #expect(outcome.succeeded)
        #expect(server.requests.isEmpty)
    }
}
