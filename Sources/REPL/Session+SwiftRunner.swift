import Foundation
import LineEditor
import Sandbox
import WorkbenchKit
import WorkbenchScript

/// A failure already printed by whoever found it (the Swift host prints its own one line).
struct AlreadyReported: Error {}

extension Session {
    /// The session's Swift runner: the prompt's `wb` and models, the session's settings read before
    /// each compiled run, Ctrl-C, and each step that ran recorded in the transcript.
    func makeSwiftRunner() -> SwiftRunner {
        let runner = SwiftRunner.prompt(workspace: models, console: console, workbench: workbench)
        runner.compiledOnly = Self.compiledOnly
        runner.configuration.languageMode = languageMode
        // Made before the Swift host starts, which points `Bundle.main` there for `open` to fill.
        try? FileManager.default.createDirectory(at: OpenPlayground.mainBundleFolder, withIntermediateDirectories: true)
        runner.configuration.mainBundle = OpenPlayground.mainBundleFolder
        runner.asynchronousOutput = asynchronousOutput
        runner.interrupted = { Interrupt.isPending }
        runner.currentSettings = { [unowned self] in
            PromptSettings(sandboxURL: sandboxURL, offlineRoutes: offline ? OfflineRouting.routes : [], options: workbench.options,
                           bodyLines: workbench.bodyLines, terminal: console.isTerminal, colors: console.colors)
        }
        // The runner shows an item's value (or the host hands its labels back with `wb`'s state)
        // before it records the step.
        runner.stepRecorded = { [unowned self] source, exchanges in
            var step = SessionStep(.swift(source), exchanges: exchanges)
            step.shownValues = takeShownValues()
            transcript.record(step)
        }
        return runner
    }

    /// Whether Swift the interpreter does not take can run on the installed toolchain.
    var compiledPathAvailable: Bool { swift.compilerAvailable }

    /// Runs `source` compiled as a playground: its output shows as usual, then its lines with the
    /// results column (also when it failed part-way, for the lines that ran).
    func runWithResults(_ source: String) async throws {
        do {
            try await swift.runWithResults(source) { showResults($0, of: source) }
        } catch is SwiftRunner.Reported {
            throw AlreadyReported()
        }
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

    /// One `\(expression)` of a command: its text, or one line (a compile error at the column the
    /// user typed it).
    func interpolationText(_ expression: String) async throws -> String {
        do {
            return try await swift.interpolationText(expression)
        } catch let failure as SwiftRunner.InterpolationFailure {
            var line = failure.line
            if let typed = currentInput.range(of: "\\(" + expression + ")") {
                let column = currentInput.distance(from: currentInput.startIndex, to: typed.lowerBound) + 3
                line = SwiftRunner.shiftingColumn(of: line, by: column - 1)
            }
            console.failure(line)
            throw AlreadyReported()
        }
    }
}
