import Foundation
import WorkbenchKit
import WorkbenchScript

/// A prompt session on the compiled path alone: each input runs after the ones that succeeded, as
/// the REPL runs them, with the output of each input captured.
@MainActor
final class CompiledSession {
    let console = Console(capturingWithColors: false)
    let engine: CompiledEngine
    private(set) var steps: [CompiledStep] = []

    init(configuration: CompiledConfiguration = CompiledConfiguration()) {
        engine = CompiledEngine(console: console, configuration: configuration)
    }

    /// Runs `input`; returns what it printed and what it did.
    @discardableResult
    func run(_ input: String, interrupted: () -> Bool = { false }) async -> (output: String, outcome: CompiledOutcome) {
        console.clearCaptured()
        let outcome = await engine.run(input, after: steps, interrupted: interrupted)
        if let step = outcome.step { steps.append(step) }
        return (console.capturedText, outcome)
    }

    /// Adds a step that ran elsewhere (a command on the fast path), with the exchanges it made.
    func record(_ source: String, exchanges: [Exchange] = []) {
        steps.append(CompiledStep(source: source, exchanges: exchanges))
    }

    deinit {
        MainActor.assumeIsolated { engine.close() }
    }
}

/// What the prompt shows for a value: the summary line, then `print(value)`'s text.
func shown<T>(_ source: String, _ value: T, type: String) -> String {
    "\(source): \(type)\n\(value)\n"
}
