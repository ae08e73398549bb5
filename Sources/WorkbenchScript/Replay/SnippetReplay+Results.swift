import Foundation
import LineResults
import WorkbenchKit

/// Replay with the results column: the snippet is compiled with the playground transform (every
/// statement, the interpreter is not used) and its source is shown with each line's values beside
/// it. At a terminal the lines are laid out at its width; elsewhere each result is one line,
/// `12  total = 3`.
extension SnippetReplay {
    func runWithResults(_ compiled: SnippetRunner) async -> Outcome {
        let steps = script.steps.filter { SnippetRunner.snippetForm(of: $0.item) != nil }
        guard let first = steps.first, let last = steps.last else { return Outcome() }
        // The program leaves its imports out (`snippetForm`): a module's is the session's, decided
        // once, as in a replay without the column (`import Algorithms` of a package, say).
        for step in script.steps {
            guard let kind = SessionImport(step.item), case .module = kind else { continue }
            guard await compiled.runImport(kind, step.item) else { return Outcome(stepsRun: 0, failures: 1) }
        }
        let shown = first.line...Self.lastLine(of: last)
        let layout = ResultsLayout(source: script.text, width: terminalWidth, shownLines: shown)
        return step
            ? await stepWithResults(steps, layout: layout, compiled: compiled)
            : await runWholeWithResults(steps, layout: layout, compiled: compiled)
    }

    /// The whole snippet as one program: one compile, then the column for every line.
    private func runWholeWithResults(_ steps: [SnippetScript.Step], layout: ResultsLayout, compiled: SnippetRunner) async -> Outcome {
        var outcome = Outcome()
        outcome.stepsRun = steps.count
        let result = await compiled.runResultsProgram(Self.programText(of: steps))
        let history = ResultsHistory(result.results, lastLine: layout.shownLines.upperBound)
        show(layout.shownLines, column: history.column, layout: layout)
        if !history.isEmpty { resultsShown(history) }
        if let failure = result.failure {
            report(failure, context: result.failureContext)
            outcome.failures = 1
            outcome.stopped = interrupted()
        }
        return outcome
    }

    /// Enter runs the next statement and fills in its column (the lines above it stay as they were).
    private func stepWithResults(_ steps: [SnippetScript.Step], layout: ResultsLayout, compiled: SnippetRunner) async -> Outcome {
        var outcome = Outcome()
        var nextLine = layout.shownLines.lowerBound
        var history = ResultsHistory(lastLine: layout.shownLines.upperBound)
        for step in steps {
            let lines = nextLine...Self.lastLine(of: step)
            nextLine = lines.upperBound + 1
            if interrupted() {
                outcome.stopped = true
                break
            }
            // At a terminal the lines are written again with their column once the statement ran.
            let echoed = console.isTerminal ? layout.render(lines, column: ResultsColumn([]), console: console) : []
            if console.isTerminal {
                for line in echoed { console.line(line) }
                console.flush()
            } else {
                echo(step.source)
            }
            if !waitForEnter() {
                outcome.stopped = true
                break
            }
            outcome.stepsRun += 1
            let result = await compiled.runResultsProgram(Self.programText(of: [step]))
            if console.isTerminal {
                // Back over the echoed lines and the Enter the user typed; they are written again with the column.
                console.write("\u{1B}[\(echoed.count + 1)A\r\u{1B}[J")
            }
            history.add(result.results)
            show(lines, column: history.column, layout: layout)
            if !history.isEmpty { resultsShown(history) }
            stepEnded(step, result.failure == nil)
            if let failure = result.failure {
                report(failure, context: result.failureContext)
                outcome.failures += 1
                if check { break }
            }
        }
        return outcome
    }

    private func show(_ lines: ClosedRange<Int>, column: ResultsColumn, layout: ResultsLayout) {
        if console.isTerminal {
            for line in layout.render(lines, column: column, console: console) { console.line(line) }
        } else {
            for line in column.lines where lines.contains(line) { console.line("\(line)  \(column.entries[line]!.description)") }
        }
        console.flush()
    }

    /// A failure as the REPL prints errors: one line, `error:` in red (a compile error's source line
    /// and caret under it, dimmed).
    private func report(_ line: String, context: [String]) {
        console.failure(line, context: context)
    }

    /// The statements in their program form, each at the line where the snippet has it, so that the
    /// lines the transform reports are the snippet's lines.
    static func programText(of steps: [SnippetScript.Step]) -> String {
        var text = ""
        var line = 1
        for step in steps {
            guard let form = SnippetRunner.snippetForm(of: step.item) else { continue }
            if line < step.line {
                text += String(repeating: "\n", count: step.line - line)
                line = step.line
            }
            text += form + "\n"
            line += form.count { $0 == "\n" } + 1
        }
        return text
    }

    static func lastLine(of step: SnippetScript.Step) -> Int {
        step.line + step.source.count { $0 == "\n" }
    }
}
