import Foundation
import LineResults
import WorkbenchKit

/// Replays a snippet: each statement echoed (dimmed), then run, printing its results.
@MainActor
public struct SnippetReplay {
    /// How a replay ended.
    public struct Outcome: Equatable, Sendable {
        /// Statements run, including failed ones.
        public var stepsRun = 0
        /// Statements that failed (with `check`, at most one: the replay stops there).
        public var failures = 0
        /// Whether the user stopped it (`q` in step mode, or Ctrl-C).
        public var stopped = false
    }

    /// Printed before each echoed line of a statement; lets readers and tests tell echoes from results.
    public nonisolated static let echoMarker = "» "

    public let script: SnippetScript
    public let console: Console
    public let sandboxURL: URL?
    /// Given to each `Workbench` the snippet creates (the REPL's: its `spec` reader, Swift's lexer).
    public let environment: WorkbenchEnvironment
    /// Wait for Enter before each statement; `q` stops.
    public var step = false
    /// Stop at the first failing statement (its `file:line:col` is printed).
    public var check = false
    /// Applied to each `Workbench` the snippet creates.
    public var prepare: (Workbench) -> Void = { _ in }
    /// Reads the user's answer in step mode; nil (end of input) stops.
    public var readAnswer: () -> String? = { Swift.readLine() }
    /// Polled between statements: true stops the replay (Ctrl-C); also stops a compiled statement.
    public var interrupted: () -> Bool = { false }
    /// Offline mode's routes, for statements that run compiled (empty: offline mode is off).
    public var offlineRoutes: [OfflineRoute] = []
    /// Compile the snippet with the playground transform and show its source with the results column.
    public var resultsColumn = false
    /// The terminal's width, for the results column.
    public var terminalWidth = 80
    /// Called with the column and every value its lines had each time the column shows more
    /// (`results N` at the prompt lists them).
    public var resultsShown: (ResultsHistory) -> Void = { _ in }
    /// Called after each statement with whether it succeeded (`save` checks a snippet this way).
    public var stepEnded: (SnippetScript.Step, Bool) -> Void = { _, _ in }
    /// Answers every statement's sends, in this process and in the Swift host, with the exchanges
    /// of the step it was written from (`save`'s check); nil sends them.
    public var answers: StepAnswers?
    /// A playground page's: whether a statement is echoed (hidden code runs unseen), what is shown
    /// before it (the page's markup), and an answer in step mode that ends the page (`n`, `p`, a
    /// page's name: true stops the replay).
    public var echoes: (SnippetScript.Step) -> Bool = { _ in true }
    public var beforeStep: (SnippetScript.Step) -> Void = { _ in }
    public var answered: (String) -> Bool = { _ in false }
    /// What step mode asks before each statement (a playground's says how to move between pages).
    public var stepPrompt = "⏎ run · q stop"

    /// Modules every statement imports (a playground's `Sources/`), and where `Bundle.main` looks
    /// for resources.
    public var modules: [LinkedModule] = []
    public var mainBundle: URL?
    /// Run the whole script as one program, as Xcode runs a playground page: every statement shown
    /// first, `beforeRun` called, then its output. Compiled once, it costs one input. With `step` it
    /// runs statement by statement, each seeing the declarations below it as in the program
    /// (`DeclarationHoisting`).
    public var asOneProgram = false
    public var beforeRun: () -> Void = {}

    public init(script: SnippetScript, console: Console, sandboxURL: URL?, environment: WorkbenchEnvironment) {
        self.script = script
        self.console = console
        self.sandboxURL = sandboxURL
        self.environment = environment
    }

    public func run() async -> Outcome {
        let runner = makeRunner()
        defer {
            runner.close()
            console.flush()
        }
        if let ended = await linkPackages(into: runner) { return ended }
        if resultsColumn { return await runWithResults(runner) }
        if asOneProgram && !step { return await runAsOneProgram(runner) }
        var outcome = Outcome()
        var hoisting = asOneProgram ? DeclarationHoisting(script.steps) : nil
        // An import of what every statement has is the program's own business; any other is decided
        // where it stands (SessionImport).
        for (index, step) in script.steps.enumerated() where SessionImport(step.item) != .alreadyThere {
            if interrupted() {
                outcome.stopped = true
                break
            }
            beforeStep(step)
            let shown = echoes(step)
            if shown { echo(step.source) }
            if self.step && shown && !waitForEnter() {
                outcome.stopped = true
                break
            }
            outcome.stepsRun += 1
            // Declared already, before the first statement that needed it.
            if hoisting?.wasHoisted(index) == true {
                stepEnded(step, true)
                continue
            }
            answers?.begin(line: step.line)
            var succeeded = true
            for below in hoisting?.needed(by: index) ?? [] where succeeded {
                succeeded = await runner.runStep(script.steps[below])
            }
            if succeeded { succeeded = await runner.runStep(step) }
            stepEnded(step, succeeded)
            if !succeeded {
                outcome.failures += 1
                if check { break }
            }
            console.flush()
        }
        if !outcome.stopped && !(check && outcome.failures > 0), let failed = await runner.finish() {
            stepEnded(failed, false)
            outcome.failures += 1
        }
        if !outcome.stopped { await runner.settleLeftWork() }
        return outcome
    }

    private func runAsOneProgram(_ runner: SnippetRunner) async -> Outcome {
        var outcome = Outcome()
        for step in script.steps where SessionImport(step.item) != .alreadyThere {
            beforeStep(step)
            if echoes(step) { echo(step.source) }
        }
        beforeRun()
        console.flush()
        outcome.stepsRun = script.steps.count
        if await !runner.runProgram() {
            outcome.failures = 1
            // A CI report reads the failure's line from what was printed; the last statement's without one.
            if let last = script.steps.last { stepEnded(last, false) }
        }
        console.flush()
        if interrupted() { outcome.stopped = true } else { await runner.settleLeftWork() }
        return outcome
    }

    /// The runner the snippet's statements go through (SwiftRunner decides where each runs).
    private func makeRunner() -> SnippetRunner {
        let prepare = self.prepare
        let answers = self.answers
        let made = MadeRunner()
        let runner = SnippetRunner(script, console: console, sandboxURL: sandboxURL, offlineRoutes: offlineRoutes,
                                   environment: environment) { workbench in
            prepare(workbench)
            if let answers { workbench.relay = answers }
            // Copies of what the snippet reads (a WebSocket message it decodes) go where its Swift host maps them.
            workbench.documentFolder = { made.runner?.documentFolder }
        }
        made.runner = runner
        runner.interrupted = interrupted
        runner.configuration.modules = modules
        runner.configuration.mainBundle = mainBundle
        if let answers { runner.liveAnswers = { answers.takeRemaining() } }
        return runner
    }

    func echo(_ source: String) {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            console.line(console.styled(Self.echoMarker + line, .dim))
        }
        console.flush()
    }

    /// True to run the statement, false when the user typed `q` or input ended.
    func waitForEnter() -> Bool {
        console.write(console.styled("  \(stepPrompt) ", .dim))
        console.flush()
        guard let answer = readAnswer() else { return false }
        let typed = answer.trimmingCharacters(in: .whitespaces)
        if !typed.isEmpty && answered(typed) { return false }
        let word = typed.lowercased()
        return word != "q" && word != "quit"
    }
}

/// The runner a replay made, for the closures its `Workbench` is given before the runner exists.
@MainActor
private final class MadeRunner {
    weak var runner: SnippetRunner?
}
