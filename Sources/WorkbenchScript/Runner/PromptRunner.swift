import Foundation
import LineResults
import ModelRuntime
internal import SwiftParser
internal import SwiftSyntax
import WorkbenchKit

/// The prompt's runner: an input, an input with the results column, a `\(…)` of a command, with the
/// session's `Workbench` as `wb` and its models. An input travels one way: the session hands it
/// over with the settings it runs with, and takes back the steps that ran (`takeRanSteps`) to
/// record; the runner calls nothing of the session.
@MainActor
public final class PromptRunner: SwiftRunner {
    private let promptWorkbench: Workbench
    /// The steps that ran to their end since the session last took them, as typed, with the requests
    /// they made and the values they showed, and the names Swift steps mention and declare.
    private let record: PromptRole

    /// A step that ran at the prompt, for the session's transcript.
    public struct RanStep {
        public let source: String
        public let exchanges: [Exchange]
        /// The labels of the values it showed (`save` prints those expressions).
        public let shownValues: [String]
        /// How many steps the log held once it was logged: where `keepLogged` cuts to keep it.
        public let loggedThrough: Int
    }

    /// A failure that has been printed as one line (the host's, a compile error's).
    public struct Reported: Error {}

    /// A `\(…)` the host could not print, as one line whose column counts from the expression's
    /// first character.
    public struct InterpolationFailure: Error {
        public let line: String
        /// A compile error, its column counted from the expression's first character.
        public let compileError: CompileError?
    }

    /// Module `main`, the session's `Workbench` as `wb`, models from `workspace`.
    public init(workspace: ModelWorkspace, console: Console, workbench: Workbench) {
        promptWorkbench = workbench
        record = PromptRole(workbench: workbench)
        super.init(interpreter: .prompt(workspace: workspace, console: console, workbench: workbench), console: console,
                   configuration: HostConfiguration(), role: record)
    }

    /// The steps that ran since the last call, in order, for the session to record.
    public func takeRanSteps() -> [RanStep] {
        defer { record.ranSteps = [] }
        return record.ranSteps
    }

    /// Logs a step that ran elsewhere (a command, as its WorkbenchKit statement), with the
    /// requests it made, the files its `json` read and the secret values its source reads from the
    /// environment.
    public func record(_ source: String, exchanges: [Exchange], documents: [DocumentRead] = [], secrets: [String: String] = [:]) {
        configuration.secrets.merge(secrets) { $1 }
        logStep(source, exchanges: exchanges, documents: documents)
    }

    /// Logs a command's statement that failed after it changed `wb` (`logFailed`: not a step of
    /// the transcript, but the host's `wb` changes as the REPL's did), with the secret values its
    /// source reads from the environment.
    public func recordFailed(_ source: String, since mark: Mark?, secrets: [String: String] = [:]) {
        configuration.secrets.merge(secrets) { $1 }
        logFailed(source, since: mark)
    }

    /// Logs what a `spec` command changed that the host uses (`logSpecBase`).
    public func recordSpec() {
        logSpecBase()
    }

    /// Logs a model declaration a command wrote (`decode --infer`, `json` with a type).
    public func recordDeclaration(_ source: String) {
        logStep(source, exchanges: [])
        for item in ProgramUnit(source).items { record.logged(item.syntax) }
    }

    /// Binds a value a command made (`let posts = decode [Post]`) for the inputs after it.
    public func bind(_ name: String, _ value: TypedValue, isVariable: Bool) {
        interpreter.bindValue(name, value)
        if isVariable { interpreterVariables.insert(name) }
    }

    /// Whether `name` is bound by the interpreter or named by a Swift step that ran.
    public func isBound(_ name: String) -> Bool {
        interpreter.isBound(name) || record.swiftNames.contains(name)
    }

    /// Whether the user's Swift declared `name` (bound it, or declared a function or type of that
    /// name), at the prompt or by a command (`let posts = decode [Post]`).
    public func declares(_ name: String) -> Bool {
        record.declaredNames.contains(name) || (name != "wb" && interpreter.isBound(name))
    }

    /// The names bound so far, for completion.
    public var boundNames: [String] { interpreter.boundNames }
    /// A fast-path value's type and text (`SnippetInterpreter.inspection(of:)`).
    public func inspection(of expression: String) -> SnippetInterpreter.Shown? { interpreter.inspection(of: expression) }

    /// The members of the value `expression` names, for completion; nil when it is not known.
    public func memberNames(of expression: String) -> [String]? { interpreter.memberNames(of: expression) }

    /// Runs a prompt input item by item: on the interpreter while it can finish them, and from the
    /// first it cannot, the rest of the input in the host as one (a loop and the `var` it changes
    /// stay together). The interpreter's failures are thrown, for the caller to word as any
    /// command's; the host's have been printed (`Reported`).
    public func runInput(_ items: [SwiftItem], settings: PromptSettings) async throws {
        configuration.settings = settings
        let items = items.map(\.syntax)
        for (index, item) in items.enumerated() {
            guard try await runUnlessCompiled(item) else {
                let rest = items[index...].map(Self.hostText).joined().trimmingCharacters(in: .whitespacesAndNewlines)
                return try await runInHost(rest, from: item)
            }
        }
    }

    /// One item of an input, an import or on the interpreter, logged and recorded; false when only
    /// the compiler can run it (nothing has happened then).
    func runUnlessCompiled(_ item: CodeBlockItemSyntax) async throws -> Bool {
        if let kind = SessionImport(item) {
            guard await runImport(kind, item) else { throw Reported() }
            if case .module = kind { ran(item.trimmedDescription, exchanges: []) }
            return true
        }
        let before = workbench?.exchanges.count ?? 0
        let readBefore = workbench?.documentReads.count ?? 0
        let mark = self.mark()
        let finished: Bool
        do {
            finished = try await runOnInterpreter(item)
        } catch {
            logFailed(item.trimmedDescription, since: mark)
            throw error
        }
        guard finished else { return false }
        let exchanges = newExchanges(since: before)
        logInterpreted(item, exchanges: exchanges, documents: newDocumentReads(since: readBefore))
        ran(item.trimmedDescription, exchanges: exchanges)
        return true
    }

    /// An item as the host runs it: as typed, but a `#Playground` block as the call its macro
    /// stands for (PlaygroundBlock), numbered among the blocks of its input or file.
    nonisolated static func hostText(_ item: CodeBlockItemSyntax) -> String {
        guard let call = PlaygroundBlock.aloneForm(of: item) else { return item.description }
        return item.leadingTrivia.description + call + item.trailingTrivia.description
    }

    /// One item on the interpreter; false when it cannot finish it (nothing has happened then).
    private func runOnInterpreter(_ item: CodeBlockItemSyntax) async throws -> Bool {
        // A `#Playground` block is a closure only the compiler runs.
        if PlaygroundBlock.isBlock(item) { return false }
        if Self.isModel(item) {
            do {
                for model in try interpreter.workspace.declare(item) {
                    console.line(ModelWorkspace.summary(of: model))
                }
                return true
            } catch {
                // A declaration the model parser does not take (methods, protocols it cannot check):
                // the compiler decides; without a compiler, the parser's error stands.
                guard compilerAvailable else { throw error }
                return false
            }
        }
        guard !compiledOnly else { return false }
        do {
            if let shown = try await interpreter.runPromptItem(item) {
                workbench?.showValue(shown.report, label: shown.label)
            }
            return true
        } catch is SnippetInterpreter.NotCovered {
            return false
        }
    }

    /// Runs `source` (the input from the item `first` on) in the host after the steps so far; its
    /// requests join the history and `wb` continues from the request it left. A compile error is
    /// told at the line and column of the input as typed.
    private func runInHost(_ source: String, from first: CodeBlockItemSyntax) async throws {
        refreshSettings()
        host.placeCompileError = Self.placing(from: first)
        defer { host.placeCompileError = { $0 } }
        // The input as the reader parsed it, when the host runs all of it as typed.
        let parsed = first.root.as(SourceFileSyntax.self).flatMap { $0.statements.first == first ? ProgramUnit(tree: $0, source: source) : nil }
        let outcome = await host.run(source, parsed: parsed, after: settledLog(), interrupted: interrupted)
        take(outcome, of: source)
        joinSessionRequests()
        guard outcome.succeeded else {
            explainMissingName(in: outcome.failure)
            throw Reported()
        }
        for line in DeclarationSummary.lines(for: outcome.step) { console.line(line) }
    }

    /// The requests the session's own `URLSession`s made in the host (during an input or between
    /// inputs) join the history, after what is there.
    public func joinSessionRequests() {
        guard let hostInstance else { return }
        workbench?.join(hostInstance.takeSessionRequests())
    }

    /// Ends the timers, tasks and requests the inputs left running in the host (`stop`, Ctrl-C at
    /// an empty prompt); nil when the host did not answer (said in one line).
    public func stopWorkLeftRunning() async -> StoppedWork? {
        guard let hostInstance else { return StoppedWork() }
        return await hostInstance.stopWorkLeftRunning()
    }

    /// Places an error counted in the input from `first` on (what the host ran) where the user typed
    /// it: the items before `first` ran on the interpreter (`let a = 1; a.nope`), and `first` is
    /// in the text it was parsed from (the typed input, a page's code), whose line is shown under it.
    /// With `afterLeadingTrivia`, the host's source starts at `first`'s first token (its comments
    /// left out).
    nonisolated static func placing(from first: CodeBlockItemSyntax, afterLeadingTrivia: Bool = false) -> (CompileError) -> CompileError {
        let typed = first.root.syntaxTextBytes
        // Where the host's source starts: `first` with its leading trivia (a comment stays), less
        // the whitespace `runInput` trims.
        let start = afterLeadingTrivia ? first.positionAfterSkippingLeadingTrivia : first.position
        var offset = min(start.utf8Offset, typed.count)
        while offset < typed.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(typed[offset]) { offset += 1 }
        let before = typed[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lines = before.count { $0 == UInt8(ascii: "\n") }
        // Characters, as `ProgramUnit.location` counts the error's column.
        let columns = String(decoding: typed[lineStart..<offset], as: UTF8.self).count
        return { error in
            guard error.line >= 1 else { return error }
            var placed = error.shifted(by: columns)
            placed.line += lines
            if error.sourceLine != nil { placed.sourceLine = CompileError.line(placed.line, of: String(decoding: typed, as: UTF8.self)) }
            return placed
        }
    }

    /// Runs `source` compiled as a playground after the steps so far; `show` gets the values its
    /// lines had (also when it failed part-way, for the lines that ran).
    public func runWithResults(_ source: String, settings: PromptSettings, show: ([LineResult]) -> Void) async throws {
        configuration.settings = settings
        let outcome = await runResultsProgram(source)
        show(outcome.results)
        guard outcome.succeeded else { throw Reported() }
        for line in DeclarationSummary.lines(for: outcome.step) { console.line(line) }
    }

    /// Runs one item of a file (a statement `play` runs) compiled as a playground after the steps
    /// so far, from its first token: a compile error is told at the file's line and column, and
    /// `show` gets the values its lines had, counted from that token's line (also when it failed
    /// part-way).
    public func runWithResults(_ item: SwiftItem, settings: PromptSettings, show: ([LineResult]) -> Void) async throws {
        let item = item.syntax
        host.placeCompileError = Self.placing(from: item, afterLeadingTrivia: true)
        defer { host.placeCompileError = { $0 } }
        try await runWithResults(item.trimmedDescription, settings: settings, show: show)
    }

    /// The text `print` gives for a `\(expression)` of a command: from the interpreter when it can
    /// finish it, else printed by the host (the capture is not a step of the session).
    public func interpolationText(_ expression: String, settings: PromptSettings) async throws -> String {
        configuration.settings = settings
        do {
            return try await interpreter.interpolationText(expression)
        } catch is SnippetInterpreter.NotCovered {}
        let capture = captured
        capture.clearCaptured()
        refreshSettings()
        let wrapper = "print("
        let outcome = await host.run(wrapper + expression + ", terminator: \"\")", after: settledLog(), isStep: false,
                                     output: capture, interrupted: interrupted)
        let text = capture.capturedText
        guard outcome.succeeded else {
            throw InterpolationFailure(line: outcome.failure ?? "error: cannot evaluate '\\(\(expression))'",
                                       compileError: outcome.compileError?.shifted(by: -wrapper.count))
        }
        return text
    }
}
