import Foundation
import WorkbenchKit
import WorkbenchScript

/// A prompt session in the Swift host alone: each input runs after the ones that succeeded, as the
/// REPL runs them, with the output of each input captured.
@MainActor
final class HostSession {
    let console = Console(capturingWithColors: false)
    let host: SwiftHost
    private(set) var steps: [LoggedStep] = []

    init(configuration: HostConfiguration = HostConfiguration()) {
        host = SwiftHost(console: console, configuration: configuration)
    }

    /// Runs `input` (for the results column with `results`); returns what it printed and what it did.
    @discardableResult
    func run(_ input: String, results: Bool = false, interrupted: () -> Bool = { false }) async -> (output: String, outcome: HostOutcome) {
        console.clearCaptured()
        let outcome = await host.run(input, after: steps, resultsColumn: results, interrupted: interrupted)
        if let step = outcome.step { steps.append(step) }
        return (console.capturedText, outcome)
    }

    /// Runs `inputs` as one input of a step each (`play`'s batch); the ones that ran become steps.
    @discardableResult
    func runSteps(_ inputs: [String]) async -> (output: String, outcome: HostOutcome) {
        console.clearCaptured()
        let outcome = await host.run(steps: inputs, after: steps, interrupted: { false })
        steps += outcome.steps
        return (console.capturedText, outcome)
    }

    /// Keeps the first `count` steps, in the session and in the host (`edit` and `play`).
    func keepFirst(_ count: Int) {
        steps.removeSubrange(count...)
        host.keepFirst(count)
    }

    /// Adds a step that ran elsewhere (a command on the fast path), with the exchanges it made.
    func record(_ source: String, exchanges: [Exchange] = []) {
        steps.append(LoggedStep(source: source, exchanges: exchanges))
    }

    deinit {
        MainActor.assumeIsolated { host.close() }
    }
}

/// What the prompt shows for a value: the summary line, then `print(value)`'s text.
func shown<T>(_ source: String, _ value: T, type: String) -> String {
    "\(source): \(type)\n\(value)\n"
}
