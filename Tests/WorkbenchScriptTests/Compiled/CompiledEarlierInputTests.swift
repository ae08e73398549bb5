import Foundation
import TestSupport
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// An earlier input that no longer runs the way it did (it traps, or would send a request it never
/// sent) stops the new input with one line naming it; nothing is sent.
@MainActor
@Suite(.serialized) struct CompiledEarlierInputTests {
    @Test func anEarlierInputThatTrapsNowIsNamed() async {
        let session = CompiledSession()
        session.record("let empty = [Int]()\nprint(empty[1])")
        let (output, outcome) = await session.run("1 + 1")
        #expect(output == "error: earlier input `let empty = [Int]()` traps when run again: Fatal error: Index out of range\n")
        #expect(!outcome.succeeded)
    }

    @Test func aRequestAnEarlierInputNeverMadeIsNotSent() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let session = CompiledSession(configuration: CompiledConfiguration(settings: PromptSettings(sandboxURL: server.baseURL)))
        session.record("try await wb.get(\"\(server.baseURL.absoluteString)/never\")")
        let (output, outcome) = await session.run("1 + 1")
        #expect(output.hasPrefix("error: earlier input `try await wb.get(\"\(server.baseURL.absoluteString)/never\")` fails when run again: "))
        #expect(output.contains("not sent again"))
        #expect(!outcome.succeeded)
        #expect(server.requests.isEmpty)
    }
}
