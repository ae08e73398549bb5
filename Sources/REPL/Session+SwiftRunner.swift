import Foundation
import LineEditor
import LineResults
import Sandbox
import SwiftPackages
import WorkbenchKit
import WorkbenchScript

/// A failure already printed by whoever found it (the Swift host prints its own one line).
struct AlreadyReported: Error {}

extension Session {
    /// The session's Swift runner: the prompt's `wb` and models, and Ctrl-C. An input goes one way
    /// (docs/ARCHITECTURE.md, "The Swift runner"): `runSwift` hands it over with the session's
    /// settings as they are now, and records the steps that ran in the transcript.
    func makeSwiftRunner() -> PromptRunner {
        let runner = PromptRunner(workspace: models, console: console, workbench: workbench)
        runner.compiledOnly = Self.compiledOnly
        runner.configuration.languageMode = languageMode
        runner.configuration.packages = packageLibrary
        // Made before the Swift host starts, which points `Bundle.main` there for `open` to fill.
        try? FileManager.default.createDirectory(at: OpenPlayground.mainBundleFolder, withIntermediateDirectories: true)
        runner.configuration.mainBundle = OpenPlayground.mainBundleFolder
        if let passOn = asynchronousOutput {
            let held = heldOutput
            runner.asynchronousOutput = { @Sendable bytes in
                if !held.hold(bytes) { passOn(bytes) }
            }
        }
        runner.interrupted = { Interrupt.isPending }
        return runner
    }

    /// Makes `library` the packages later inputs link (nil: none); true when the Swift host
    /// restarted for it (PackageCommand).
    func usePackages(_ library: PackageLibrary?) -> Bool {
        packageLibrary = library
        return swift.usePackages(library)
    }

    /// The settings compiled Swift's `wb` starts from: `set`, the sandbox, offline routes, pictures.
    var swiftSettings: PromptSettings {
        var settings = PromptSettings(sandboxURL: sandboxURL, offlineRoutes: offline ? OfflineRouting.routes : [], options: workbench.options,
                                      bodyLines: workbench.bodyLines, terminal: console.isTerminal, colors: console.colors)
        if console.isTerminal {
            // Compiled Swift's pictures: the terminal is not asked for them (its answer would have to
            // be awaited before every first compiled input); what it answered before, or `TERM`'s guess.
            switch console.imageDisplay {
            case .line: break
            case .drawn(let graphics): settings.imageGraphics = graphics
            case .detect: settings.imageGraphics = console.detectedGraphics ?? TerminalGraphicsQuery.guess(ProcessInfo.processInfo.environment)
            }
            settings.canvas = console.canvas
        }
        return settings
    }

    /// Runs Swift items at the prompt (typed, or written by a command: a spec's models, a page's
    /// statements) and records each step that ran to its end, also when a later one failed. A
    /// failure has been printed (`AlreadyReported`) or is thrown for the caller to word.
    func runSwift(_ items: [SwiftItem]) async throws {
        defer { recordRanSteps() }
        do {
            try await swift.runInput(items, settings: swiftSettings)
        } catch is PromptRunner.Reported {
            throw AlreadyReported()
        }
    }

    private func recordRanSteps() {
        for ran in swift.takeRanSteps() {
            var step = SessionStep(.swift(ran.source), exchanges: ran.exchanges)
            step.shownValues = ran.shownValues
            step.loggedThrough = ran.loggedThrough
            transcript.record(step)
        }
    }

    /// Ends the timers, tasks and requests earlier Swift inputs left running in the host, saying
    /// what it stopped in one line (`stop`, Ctrl-C at an empty prompt); when nothing was running,
    /// the line only `sayingNothingStopped`.
    func stopWorkLeftRunning(sayingNothingStopped: Bool) async {
        // No runner yet: no Swift input ran, so nothing can be running. Nil: the host did not
        // answer, which it said.
        var stopped: StoppedWork? = StoppedWork()
        if let swiftRunner { stopped = await swiftRunner.stopWorkLeftRunning() }
        guard let stopped, !stopped.isEmpty || sayingNothingStopped else { return }
        console.line(console.styled(stopped.line, .dim))
        console.flush()
    }

    /// Whether Swift the interpreter does not take can run on the installed toolchain.
    var compiledPathAvailable: Bool { swift.compilerAvailable }

    /// Runs `source` compiled as a playground: its output shows as usual, then its lines with the
    /// results column (also when it failed part-way, for the lines that ran).
    func runWithResults(_ source: String) async throws {
        defer { recordRanSteps() }
        do {
            try await swift.runWithResults(source, settings: swiftSettings) { showResults($0, of: source) }
        } catch is PromptRunner.Reported {
            throw AlreadyReported()
        }
    }

    /// Runs an item of a played file on the interpreter when it can finish it (true), as the prompt
    /// does; false when only the compiler can (nothing ran), nil when it failed (said in one line).
    func runOnInterpreter(_ item: SwiftItem) async -> Bool? {
        var finished = false
        let ran = await runReportingFailure {
            defer { recordRanSteps() }
            do {
                finished = try await swift.runOnInterpreter(item, settings: swiftSettings)
            } catch is PromptRunner.Reported {
                throw AlreadyReported()
            }
        }
        return ran ? finished : nil
    }

    /// Runs items of a played file compiled once, each a step (PromptRunner.runSteps), and records
    /// those that ran; with `resultsColumn` their values are returned, not shown. `beforeRunning`
    /// may drop them once they are compiled.
    func runSteps(_ items: [SwiftItem], resultsColumn: Bool, beforeRunning: () -> Bool) async -> PromptRunner.StepsRun {
        beginInput()
        defer { recordRanSteps() }
        return await swift.runSteps(items, resultsColumn: resultsColumn, settings: swiftSettings, beforeRunning: beforeRunning)
    }

    /// Whether the interpreter takes an item of a played file (`runOnInterpreter` runs it there).
    func interpreterTakes(_ item: SwiftItem) async -> Bool {
        await swift.interpreterTakes(item)
    }

    /// Runs one item of a played file compiled as a playground: its output shows as usual, its
    /// errors at the file's line, and `results` gets the values its lines had, counted from the
    /// item's first line (also when it failed part-way, for the lines that ran).
    func runWithResults(_ item: SwiftItem, results: inout [LineResult]) async throws {
        defer { recordRanSteps() }
        do {
            try await swift.runWithResults(item, settings: swiftSettings) { results = $0 }
        } catch is PromptRunner.Reported {
            throw AlreadyReported()
        }
    }

    /// The input's lines with their values beside them at a terminal, else `LINE  value` lines.
    private func showResults(_ results: [LineResult], of source: String) {
        let lines = 1...(source.count { $0 == "\n" } + 1)
        let history = ResultsHistory(results, lastLine: lines.upperBound)
        guard !history.isEmpty else { return }
        lastResults = history
        let column = history.column
        if console.isTerminal {
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
            return try await swift.interpolationText(expression, settings: swiftSettings)
        } catch let failure as PromptRunner.InterpolationFailure {
            if let error = failure.compileError,
               let typed = InterpolationSite.find(expression, in: currentInput, within: statementsSource ?? currentInput.startIndex..<currentInput.endIndex) {
                // The line of the input the `\(…)` is on (a pasted curl command's continued lines too),
                // under which the caret points into it. It is looked for in the command's arguments,
                // which its statements were read from.
                // Lines end where the compiler ends them: `\n`, `\r\n`, `\r`.
                let endsLine = { (character: Character) in character == "\n" || character == "\r\n" || character == "\r" }
                let before = currentInput[..<typed.lowerBound]
                let lineStart = before.lastIndex(where: endsLine).map(currentInput.index(after:)) ?? currentInput.startIndex
                let lineEnd = currentInput[typed.lowerBound...].firstIndex(where: endsLine) ?? currentInput.endIndex
                let column = currentInput.distance(from: lineStart, to: typed.lowerBound) + 3
                var placed = error.shifted(by: column - 1)
                if error.line == 1 {
                    placed.line = before.count(where: endsLine) + 1
                    placed.sourceLine = String(currentInput[lineStart..<lineEnd])
                } else {
                    placed.sourceLine = nil
                }
                console.failure(placed)
            } else {
                console.failure(failure.line)
            }
            throw AlreadyReported()
        }
    }
}
