@testable import REPL
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// A statement that fails after it changed the request is no step of the transcript (`save` writes
/// what succeeded), but the Swift host catches up on it, so the next compiled input does not undo it
/// (docs/ARCHITECTURE.md, "The step log"). Without the host: what the runner logs for it.
@MainActor
@Suite struct FailedStepLogTests {
    let console = Console(capturingWithColors: false)

    /// `get URL` sets the URL, then its send is refused: as a command and as Swift the interpreter runs.
    @Test(arguments: ["get http://127.0.0.1:1/refused", #"try await wb.get("http://127.0.0.1:1/refused")"#])
    func aRefusedGetIsLoggedForTheHostAndNotSaved(_ input: String) async throws {
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("base https://example.com/api"))
        #expect(await !session.evaluate(input))
        #expect(session.promptLabel == "127.0.0.1")
        #expect(session.transcript.steps.count == 1)
        let logged = try #require(session.swift.settledLog().last)
        #expect(logged.source == "do { try await wb.get(\"http://127.0.0.1:1/refused\")\n} catch {}")
        // Answered in the host as it ended here: the failure thrown again, nothing sent.
        guard logged.recording.count == 1, case .sendFailed = logged.recording[0] else {
            Issue.record("recording: \(logged.recording)")
            return
        }
    }

    /// A statement that fails before it changes anything gives the host nothing to catch up on.
    @Test func aFailureThatChangedNothingIsNotLogged() async {
        let session = Session(console: console, isInteractive: false)
        #expect(await !session.evaluate("send"))
        #expect(await !session.evaluate("decode [Int]"))
        #expect(session.swift.settledLog().isEmpty)
    }
}
