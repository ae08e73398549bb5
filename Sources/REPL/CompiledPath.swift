import Foundation
import LineEditor
import Sandbox
import WorkbenchKit
import WorkbenchScript

/// A failure already printed by whoever found it (the compiled path prints its own one line).
struct AlreadyReported: Error {}

extension Session {
    /// Whether Swift the fast path does not cover can run on the installed toolchain (looked for
    /// on first use, never at start-up).
    var compiledPathAvailable: Bool { compiled.isAvailable }

    /// Runs `source` on the compiled path after the session's steps so far; its requests join the
    /// history and `wb` continues from the request it left.
    func runCompiled(_ source: String) async throws {
        let outcome = await runOnEngine(compiled.engine, source)
        workbench.join(outcome.exchanges)
        if let state = outcome.requestState { workbench.restore(state) }
        requestChanged()
        guard outcome.succeeded else { throw AlreadyReported() }
        for line in DeclarationSummary.lines(for: source) { console.line(line) }
        transcript.record(SessionStep(.swift(source), exchanges: outcome.exchanges))
    }

    /// A `\(expression)` the fast path does not cover: the text `print` gives for it, compiled.
    func compiledInterpolationText(_ expression: String) async throws -> String {
        let capture = compiled.capture
        capture.console.clearCaptured()
        let outcome = await runOnEngine(capture, "print(\(expression), terminator: \"\")")
        let text = capture.console.capturedText
        guard outcome.succeeded else {
            let line = text.split(separator: "\n").last.map(String.init) ?? "cannot evaluate '\\(\(expression))'"
            throw SwiftInputError(line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line)
        }
        return text
    }

    private func runOnEngine(_ engine: CompiledEngine, _ source: String) async -> CompiledOutcome {
        var secrets: [String: String] = [:]
        let steps = transcript.steps.map { step -> CompiledStep in
            switch step.kind {
            case .statement(let statement):
                secrets.merge(statement.secretValues) { $1 }
                return CompiledStep(source: statement.swiftSource(secrets: .environmentReads), exchanges: step.exchanges)
            case .swift(let text):
                return CompiledStep(source: text, exchanges: step.exchanges)
            }
        }
        engine.configuration.secrets = secrets
        engine.configuration.settings = PromptSettings(
            sandboxURL: sandboxURL, offlineRoutes: offline ? OfflineRouting.routes : [], options: workbench.options,
            bodyLines: workbench.bodyLines, terminal: console.isTerminal, colors: console.colors)
        Interrupt.clear()
        return await engine.run(source, after: steps, interrupted: { Interrupt.isPending })
    }
}

/// The session's compiled path: the engine that prints to the session's console, and one whose
/// output is captured (for `\(…)` in commands). Made on first use.
@MainActor
final class CompiledPath {
    let console: Console
    private(set) lazy var engine = CompiledEngine(console: console)
    private(set) lazy var capture = CompiledEngine(console: Console(capturingWithColors: false))

    init(console: Console) {
        self.console = console
    }

    /// Whether the toolchain and WorkbenchKit's shared library are there.
    var isAvailable: Bool { engine.isAvailable }

    /// Removes the engines' private directories.
    func close() {
        engine.close()
        capture.close()
    }
}
