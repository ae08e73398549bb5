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
        let outcome = await runOnEngine(resultsColumn ? compiled.results : compiled.engine, source)
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

    /// After compiled code ran, a value the fast path holds may be stale: a name the code mentions
    /// (assigned, redeclared) or any `var` (a function may have changed it). Reading such a name
    /// again runs compiled, where its value is exact.
    private func forgetFastValues(changedBy source: String) {
        let mentioned = Set(Parser.parse(source: source).tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        })
        for name in mentioned.union(fastVariables) where name != "wb" { swift.unbind(name) }
        fastVariables.removeAll()
    }

    /// A `\(expression)` the fast path does not cover: the text `print` gives for it, compiled.
    /// A failure is one line, as for any input: a compile error at the column the user typed.
    func compiledInterpolationText(_ expression: String) async throws -> String {
        let capture = compiled.capture
        capture.console.clearCaptured()
        let wrapper = "print("
        let outcome = await runOnEngine(capture, wrapper + expression + ", terminator: \"\")")
        let text = capture.console.capturedText
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
        // Not cleared here: a Ctrl-C since the input started (while its first statements ran on the
        // fast path, or during the compile) stops this run too.
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
    /// For `set results on`: compiled with the playground transform.
    private(set) lazy var results: CompiledEngine = {
        var configuration = CompiledConfiguration()
        configuration.resultsColumn = true
        return CompiledEngine(console: console, configuration: configuration)
    }()

    init(console: Console) {
        self.console = console
    }

    /// Whether the toolchain and WorkbenchKit's shared library are there.
    var isAvailable: Bool { engine.isAvailable }

    /// Removes the engines' private directories.
    func close() {
        engine.close()
        capture.close()
        results.close()
    }
}
