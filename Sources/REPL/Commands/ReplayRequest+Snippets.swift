import Foundation
import ReplayReports
import WorkbenchKit
import WorkbenchScript

/// What replaying a request's snippets did: a case per snippet for the CI reports, and the last
/// snippet's outcome, which the prompt's error line counts statements from.
struct ReplayRun {
    var report = CheckReport()
    var lastOutcome: SnippetReplay.Outcome?
}

extension ReplayRequest {
    /// Replays each snippet in turn on `console`, a line naming each when there are several; the
    /// prompt and `workbench replay` both run snippets through here. `configure` sets a replay up
    /// as its caller runs them (routes, Ctrl-C); `unreadable` gets the error of a snippet that
    /// cannot be read, and the replay goes on to the next unless it throws. Each snippet's `Workbench`
    /// gets `environment`.
    @MainActor
    func replaySnippets(console: Console, sandboxURL: URL?, environment: WorkbenchEnvironment,
                        configure: (inout SnippetReplay) -> Void, unreadable: (any Error) throws -> Void) async rethrows -> ReplayRun {
        var run = ReplayRun()
        // A report reads each failing statement's line from a copy of what the replay prints, as
        // `save`'s check reads it from its own console (SnippetCheck). Without one, nothing is copied.
        let copy = Console(capturingWithColors: false)
        let earlierMirror = console.mirror
        if writesReports { console.mirror = copy }
        defer { console.mirror = earlierMirror }
        for target in targets {
            let shown = SnippetsFolder.display(file(for: target))
            if run.lastOutcome?.stopped == true {
                run.report.cases.append(CheckReport.Case(file: shown, result: .skipped("not run: the replay was stopped before it")))
                continue
            }
            if targets.count > 1 {
                console.line(console.styled("── \(shown)", .bold))
                console.flush()
            }
            let clock = ContinuousClock()
            let start = clock.now
            let script: SnippetScript
            do {
                script = try load(target)
            } catch {
                run.report.cases.append(CheckReport.Case(file: shown, result: .error("\(error)")))
                try unreadable(error)
                continue
            }
            var replay = SnippetReplay(script: script, console: console, sandboxURL: sandboxURL, environment: environment)
            replay.step = step
            replay.check = check
            replay.resultsColumn = results
            replay.terminalWidth = TerminalWidth.current()
            // A file of `#Playground` blocks is a playground: one program, as a page runs, whose
            // blocks run in the file's order, each its own closure (PlaygroundBlock).
            replay.asOneProgram = !PlaygroundBlock.blocks(in: script).isEmpty
            configure(&replay)
            var failures: [CheckReport.Failure] = []
            copy.clearCaptured()
            replay.stepEnded = { step, succeeded in
                defer { copy.clearCaptured() }
                guard !succeeded else { return }
                let failure = StepFailureLine(output: copy.capturedText, file: script.fileName)
                let message = failure.message.hasPrefix("error: ") ? String(failure.message.dropFirst(7)) : failure.message
                failures.append(CheckReport.Failure(line: failure.line ?? step.line, message: message, source: step.source))
            }
            let outcome = await replay.run()
            copy.clearCaptured()
            let result: CheckReport.Result = if outcome.failures > 0 {
                .failed(failures)
            } else if outcome.stopped {
                .skipped("stopped after \(outcome.stepsRun) of \(script.steps.count) statements")
            } else {
                .passed
            }
            run.report.cases.append(CheckReport.Case(file: shown, seconds: (clock.now - start).inSeconds, result: result))
            run.lastOutcome = outcome
        }
        return run
    }

    /// `3 snippets: 2 passed, 1 failed (broken)` after a replay of several; nil after one.
    static func summary(of report: CheckReport) -> String? {
        guard report.cases.count > 1 else { return nil }
        let failing = report.cases.filter { if case .failed = $0.result { true } else if case .error = $0.result { true } else { false } }
        var parts = ["\(report.cases.count - failing.count - report.skippedCount) passed"]
        if !failing.isEmpty { parts.append("\(failing.count) failed (\(failing.map(\.name).joined(separator: ", ")))") }
        if report.skippedCount > 0 { parts.append("\(report.skippedCount) not run") }
        return "\(report.cases.count) snippets: " + parts.joined(separator: ", ")
    }

    /// Whether any snippet failed or could not be read (the exit status is 1 then).
    static func anyFailed(_ report: CheckReport) -> Bool {
        report.failedCount + report.errorCount > 0
    }
}
