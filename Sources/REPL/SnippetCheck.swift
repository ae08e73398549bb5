import Foundation
import LineEditor
import Sandbox
import WorkbenchKit
import WorkbenchScript

/// What `save` does before it writes: the snippet it is about to write replays in a scratch
/// session, each statement's requests answered by the exchanges its own step received (nothing is
/// sent twice, and a failing statement does not shift the answers of those after it); each
/// statement that fails there is named, so a snippet that fails its own replay is never written
/// without the user knowing.
@MainActor
struct SnippetCheck {
    /// A statement of the snippet that failed, and the one line that says why.
    struct Failure: Equatable {
        let line: Int
        let source: String
        let message: String
    }

    /// The failing statements, or nil when the check was interrupted (Ctrl-C).
    static func failures(of source: String, name: String, answers: StepAnswers, session: Session) async -> [Failure]? {
        guard let script = try? SnippetScript(source: source, fileName: name + ".swift") else {
            return [Failure(line: 1, source: name + ".swift", message: "the snippet does not parse")]
        }
        let console = Console(capturingWithColors: false)
        var replay = SnippetReplay(script: script, console: console, sandboxURL: session.sandboxURL,
                                   environment: session.workbench.environment)
        replay.interrupted = { Interrupt.isPending }
        replay.offlineRoutes = session.offline ? OfflineRouting.routes : []
        var failures: [Failure] = []
        replay.stepEnded = { step, succeeded in
            defer { console.clearCaptured() }
            guard !succeeded else { return }
            // Listed by the statement's line, so the error's own place is left out.
            let failure = StepFailureLine(output: console.capturedText, file: script.fileName)
            failures.append(Failure(line: step.line, source: step.source, message: failure.message))
        }
        replay.answers = answers
        let outcome = await replay.run()
        return outcome.stopped ? nil : failures
    }
}
