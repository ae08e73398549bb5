import Foundation
import SwiftParser
import SwiftSyntax
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
    /// With `resultsColumn` it is compiled as a playground: its output shows as usual, then its lines
    /// with the results column (also when it failed part-way, for the lines that ran).
    func runCompiled(_ source: String, resultsColumn: Bool = false) async throws {
        let outcome = resultsColumn ? await runOnEngine(compiled.results, source) : await runInHost(source)
        if resultsColumn { showResults(outcome.results, of: source) }
        workbench.join(outcome.exchanges)
        if let state = outcome.requestState { workbench.restore(state) }
        guard outcome.succeeded else { throw AlreadyReported() }
        for line in DeclarationSummary.lines(for: source) { console.line(line) }
        apply(SessionEffects(swift: source, exchanges: outcome.exchanges))
        forgetFastValues(changedBy: source)
    }

    /// The input's lines with their values beside them at a terminal, else `LINE  value` lines.
    private func showResults(_ results: [LineResult], of source: String) {
        let column = ResultsColumn(results)
        guard !column.entries.isEmpty else { return }
        if console.isTerminal {
            let lines = 1...(source.count { $0 == "\n" } + 1)
            let layout = ResultsLayout(source: source, width: TerminalWidth.current(), shownLines: lines)
            for line in layout.render(lines, column: column, console: console) { console.line(line) }
        } else {
            for line in column.plainLines { console.line(line) }
        }
        console.flush()
    }

    /// After compiled code ran, a value the fast path holds may be stale: a name the code declares
    /// again, or any `var` (the code, or a function it called, may have changed it). Reading such a
    /// name again runs in the host, where its value is exact; a `let` the fast path bound stays, so
    /// reading it stays fast.
    private func forgetFastValues(changedBy source: String) {
        let declared = Parser.parse(source: source).statements.flatMap { item -> [String] in
            guard let variable = item.item.as(VariableDeclSyntax.self) else { return [] }
            return variable.bindings.flatMap { binding -> [String] in
                binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier(let name) = token.tokenKind { return name }
                    return nil
                }
            }
        }
        for name in Set(declared).union(fastVariables) where name != "wb" { swift.unbind(name) }
        fastVariables.removeAll()
    }

    /// A `\(expression)` the fast path does not cover: the text `print` gives for it, compiled.
    /// A failure is one line, as for any input: a compile error at the column the user typed.
    func compiledInterpolationText(_ expression: String) async throws -> String {
        let capture = compiled.captured
        capture.clearCaptured()
        let wrapper = "print("
        let outcome = await runInHost(wrapper + expression + ", terminator: \"\")", capturingInto: capture)
        let text = capture.capturedText
        guard outcome.succeeded else {
            var line = outcome.failure ?? "error: cannot evaluate '\\(\(expression))'"
            if let typed = currentInput.range(of: "\\(" + expression + ")") {
                let column = currentInput.distance(from: currentInput.startIndex, to: typed.lowerBound) + 3
                line = Self.shiftingColumn(of: line, by: column - wrapper.count - 1)
            }
            console.line(line.hasPrefix("error:") ? console.styled("error:", .red) + line.dropFirst("error:".count) : console.styled(line, .red))
            throw AlreadyReported()
        }
        return text
    }

    /// `error: 1:9: message` with its column moved by `offset` (a compile error on one line).
    static func shiftingColumn(of line: String, by offset: Int) -> String {
        let parts = line.split(separator: ":", maxSplits: 3)
        guard parts.count == 4, parts[0] == "error", let row = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              let column = Int(parts[2]) else { return line }
        return "error: \(row):\(column + offset):\(parts[3])"
    }

    /// Runs `source` in the Swift host after the steps it has not run yet. A capture's input is not
    /// a step of the session (it is the `\(…)` of a command, which is).
    private func runInHost(_ source: String, capturingInto capture: Console? = nil) async -> CompiledOutcome {
        let (steps, secrets) = compiledSteps()
        let host = compiled.host
        host.configuration.secrets = secrets
        host.configuration.settings = promptSettings
        return await host.run(source, after: steps, isStep: capture == nil, output: capture, interrupted: { Interrupt.isPending })
    }

    private func runOnEngine(_ engine: CompiledEngine, _ source: String) async -> CompiledOutcome {
        let (steps, secrets) = compiledSteps()
        engine.configuration.secrets = secrets
        engine.configuration.settings = promptSettings
        // Not cleared here: a Ctrl-C since the input started (while its first statements ran on the
        // fast path, or during the compile) stops this run too.
        return await engine.run(source, after: steps, interrupted: { Interrupt.isPending })
    }

    /// The session's steps as Swift, and the secret values their commands hold (given to the
    /// compiled code as environment variables, never written to a file).
    private func compiledSteps() -> ([CompiledStep], [String: String]) {
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
        return (steps, secrets)
    }

    private var promptSettings: PromptSettings {
        PromptSettings(
            sandboxURL: sandboxURL, offlineRoutes: offline ? OfflineRouting.routes : [], options: workbench.options,
            bodyLines: workbench.bodyLines, terminal: console.isTerminal, colors: console.colors)
    }
}

/// The session's compiled path: the Swift host that keeps the session's values, and a console that
/// captures its output (for `\(…)` in commands). Made on first use.
@MainActor
final class CompiledPath {
    let console: Console
    private(set) lazy var host = SwiftHost(console: console)
    private(set) lazy var captured = Console(capturingWithColors: false)
    /// For `set results on`: compiled with the playground transform.
    private(set) lazy var results: CompiledEngine = {
        var configuration = CompiledConfiguration()
        configuration.resultsColumn = true
        return CompiledEngine(console: console, configuration: configuration)
    }()

    init(console: Console) {
        self.console = console
    }

    /// Whether the toolchain, WorkbenchKit's shared library and the host are there.
    var isAvailable: Bool { host.isAvailable }

    /// Ends the host and removes the private directories.
    func close() {
        host.close()
        results.close()
    }
}
