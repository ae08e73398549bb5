import Foundation
import SwiftSyntax
import WorkbenchKit

/// Runs every piece of Swift a user gives Workbench: an input at the prompt, a `\(…)` in a command,
/// a replayed statement (all, `--step`, `--results`) and the statements `save` checks. It is the
/// one place that knows there are two engines (docs/ARCHITECTURE.md, "The Swift runner"):
///
/// - the interpreter, in this process, for what it says it can finish (`canFinish`: the item is
///   checked with its effects held back, so nothing has happened when it cannot);
/// - the Swift host, a process of its own that keeps the values of what it ran, for everything else
///   (and for the results column's inputs, compiled with the playground transform).
///
/// It keeps the step log both engines read: each step that ran, in its program form, with the
/// requests it made, so the host catches up on what ran elsewhere, answered from the same
/// exchanges. After the host ran an input, the interpreter forgets what the host may have changed
/// (the names the input binds, every `var`), so the next input sees the latest value either way.
@MainActor
public final class SwiftRunner {
    public let console: Console
    let interpreter: SnippetInterpreter
    /// The prompt's workbench; nil in replay, where the snippet makes its own (`let wb = Workbench(…)`).
    let promptWorkbench: Workbench?
    /// How compiled Swift is set up: the module name, `wb`'s settings, the secrets steps read.
    public var configuration: HostConfiguration
    /// Everything but model declarations goes to the host (`WORKBENCH_ENGINE=compiled` at the prompt:
    /// the differential tests compare both engines).
    public var compiledOnly = false
    /// Called with each step that ran to its end, as typed, with the requests it made: the prompt's
    /// transcript.
    public var stepRecorded: (_ source: String, _ exchanges: [Exchange]) -> Void = { _, _ in }
    /// Where output printed between inputs goes (a `Task` an input started); nil: standard output.
    /// Set before the host is first used.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)?
    /// Polled while Swift runs: true stops it (Ctrl-C).
    public var interrupted: () -> Bool = { false }
    /// In `save`'s check: what answers the sends of a statement the host runs (StepAnswers).
    var liveAnswers: (() -> [Exchange])?
    /// In a snippet, the names a failed statement should have bound, with its line: a statement
    /// reading one fails at once (SwiftRunner+Snippet.swift).
    var namesLeftUnbound: [String: Int] = [:]

    /// The steps that ran, for the host to catch up on.
    private(set) var log: [LoggedStep] = []
    /// Steps the interpreter ran since the host last ran, turned into program form only when the
    /// host needs them: a replay that never compiles never pays for it (4% of a replay of 1,000 GETs).
    private var unconverted: [(item: CodeBlockItemSyntax, exchanges: [Exchange], documents: [DocumentRead])] = []
    /// Names bound with `var` on the interpreter: compiled code may change them.
    private var interpreterVariables: Set<String> = []
    /// The names Swift steps mention: a lone name among them is Swift, not a mistyped command.
    private var swiftNames: Set<String> = []
    /// The names Swift steps declared (a `let`/`var`, a `func`, a type): such a name is Swift
    /// before it is a command word (`status + 1` with `let status = 200`).
    private var declaredNames: Set<String> = []
    /// In replay, the first declaration logged for the host and not compiled yet
    /// (SwiftRunner+Snippet.swift).
    var declarationAwaitingHost: SnippetScript.Step?
    /// The replayed declarations the log holds, by their 1-based place in it, to place a compile
    /// error in one of them in the snippet's file.
    var loggedDeclarations: [Int: SnippetScript.Step] = [:]
    /// The Apple-only modules imported so far (UIKit…), each noted once.
    var appleOnlyImports: [String] = []
    private(set) var hostInstance: SwiftHost?
    private var capturedInstance: Console?

    /// How long replay waits at its end for work the snippet left running.
    nonisolated public static let replaySettleSeconds = 10.0

    /// The prompt's runner: module `main`, the session's `Workbench` as `wb`, models from `workspace`.
    public static func prompt(workspace: ModelWorkspace, console: Console, workbench: Workbench) -> SwiftRunner {
        SwiftRunner(interpreter: .prompt(workspace: workspace, console: console, workbench: workbench), console: console,
                    workbench: workbench, configuration: HostConfiguration())
    }

    /// A snippet's runner, for replay and for `save`'s check: values print with the snippet's module
    /// name, as `swift run NAME` prints them; `prepare` is applied to each `Workbench` it makes.
    public static func snippet(_ script: SnippetScript, console: Console, sandboxURL: URL?, offlineRoutes: [OfflineRoute],
                               prepare: @escaping (Workbench) -> Void) -> SwiftRunner {
        var configuration = HostConfiguration()
        configuration.moduleName = script.moduleName
        configuration.languageMode = script.languageMode
        configuration.settings = PromptSettings(sandboxURL: sandboxURL, offlineRoutes: offlineRoutes,
                                                terminal: console.isTerminal, colors: console.colors)
        configuration.settings.showsResults = false
        configuration.settings.recordsSessionRequests = false
        let interpreter = SnippetInterpreter(script: script, console: console, sandboxURL: sandboxURL, prepare: prepare)
        return SwiftRunner(interpreter: interpreter, console: console, workbench: nil, configuration: configuration)
    }

    private init(interpreter: SnippetInterpreter, console: Console, workbench: Workbench?, configuration: HostConfiguration) {
        self.interpreter = interpreter
        self.console = console
        self.promptWorkbench = workbench
        self.configuration = configuration
    }

    /// Whether Swift the interpreter does not take can run: the toolchain, WorkbenchKit's shared
    /// library and the host program are there (looked for on first use, or by `warmUp()`).
    public var compilerAvailable: Bool { host.isAvailable }

    /// The host's private directory (made now if need be), where `json @FILE` copies the files it
    /// reads (`Workbench.documentFolder`) for the host to map them when it catches up.
    public var documentFolder: URL? { host.documentFolder }

    /// Readies the Swift host in the background, so the first compiled input costs what later ones
    /// do (an interactive session calls it once the banner is shown).
    public func warmUp() { host.warmUp() }

    /// Records a step that ran elsewhere (a command, as its WorkbenchKit statement), with the
    /// requests it made, the files its `json` read and the secret values its source reads from the
    /// environment.
    public func record(_ source: String, exchanges: [Exchange], documents: [DocumentRead] = [], secrets: [String: String] = [:]) {
        configuration.secrets.merge(secrets) { $1 }
        settle()
        log.append(LoggedStep(source: source, exchanges: exchanges, documents: documents))
    }

    /// Binds a value a command made (`let posts = decode [Post]`) for the inputs after it.
    public func bind(_ name: String, _ value: TypedValue, isVariable: Bool) {
        interpreter.bindValue(name, value)
        if isVariable { interpreterVariables.insert(name) }
    }

    /// Whether `name` is bound by the interpreter or named by a Swift step that ran.
    public func isBound(_ name: String) -> Bool {
        interpreter.isBound(name) || swiftNames.contains(name)
    }

    /// Whether the user's Swift declared `name` (bound it, or declared a function or type of that
    /// name), at the prompt or by a command (`let posts = decode [Post]`).
    public func declares(_ name: String) -> Bool {
        declaredNames.contains(name) || (name != "wb" && interpreter.isBound(name))
    }

    private func noteDeclarations(of item: CodeBlockItemSyntax) {
        declaredNames.formUnion(PatternNames.of(variable: item.item))
        if let declared = HostName.declaredName(item.item) { declaredNames.insert(declared.name) }
    }

    /// Records a model declaration a command wrote (`decode --infer`, `json` with a type).
    public func recordDeclaration(_ source: String) {
        record(source, exchanges: [])
        swiftNames.formUnion(HostImports.mentionedNames(in: [ProgramUnit(source)]))
    }

    /// Ends the host and removes the private directories (at the end of a session or a replay).
    public func close() {
        hostInstance?.close()
    }

    // MARK: The engines, made on first use

    var host: SwiftHost {
        if let hostInstance { return hostInstance }
        let made = SwiftHost(console: console, configuration: configuration)
        made.asynchronousOutput = asynchronousOutput
        hostInstance = made
        return made
    }

    /// Where a `\(…)` the host runs prints.
    var captured: Console {
        if let capturedInstance { return capturedInstance }
        let made = Console(capturingWithColors: false)
        capturedInstance = made
        return made
    }

    /// The log with every step in program form, for an engine about to run.
    func settledLog() -> [LoggedStep] {
        settle()
        return log
    }

    /// A step as the host runs it: at the prompt as typed; in a snippet, imports and
    /// `Sandbox.start()` are the program's own business and `let wb = Workbench(base: B, …)` is the
    /// program's `wb` with that base (nil: nothing to run).
    func programForm(of item: CodeBlockItemSyntax) -> String? {
        promptWorkbench == nil ? Self.snippetForm(of: item) : item.trimmedDescription
    }

    private func settle() {
        guard !unconverted.isEmpty else { return }
        log += unconverted.compactMap { ran in
            programForm(of: ran.item).map { LoggedStep(source: $0, exchanges: ran.exchanges, documents: ran.documents) }
        }
        unconverted = []
    }

    /// An item the interpreter ran, for the log.
    func logInterpreted(_ item: CodeBlockItemSyntax, exchanges: [Exchange], documents: [DocumentRead]) {
        if Self.isSpecCall(item) {
            // The host reads no OpenAPI documents (WorkbenchKit is all it links): it catches up on
            // what `spec` changed that it uses, the base, as it is now.
            settle()
            if let base = workbench?.base?.string { log.append(LoggedStep(source: WorkbenchStatement.base(base).swiftSource())) }
            return
        }
        unconverted.append((item, exchanges, documents))
        noteDeclarations(of: item)
        if promptWorkbench != nil {
            for token in item.tokens(viewMode: .sourceAccurate) { if case .identifier(let name) = token.tokenKind { swiftNames.insert(name) } }
        }
        if let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var) {
            interpreterVariables.formUnion(PatternNames.of(variable: item.item))
        }
    }

    /// Whether `item` is a `wb.spec(…)` call (`try await` before it or not).
    nonisolated public static func isSpecCall(_ item: CodeBlockItemSyntax) -> Bool {
        let tokens = item.tokens(viewMode: .sourceAccurate).map(\.text).filter { $0 != "try" && $0 != "await" }
        return tokens.count > 3 && tokens[0] == "wb" && tokens[1] == "." && tokens[2] == "spec" && tokens[3] == "("
    }

    /// A step the host ran, for the log.
    func logCompiled(_ step: LoggedStep, changing source: ProgramUnit) {
        settle()
        log.append(step)
        if promptWorkbench != nil { swiftNames.formUnion(HostImports.mentionedNames(in: [source])) }
        for item in source.items { noteDeclarations(of: item.syntax) }
        forgetInterpreterValues(changedBy: source)
    }

    /// After compiled code ran, a value the interpreter holds may be stale: a name the code binds
    /// again, or any `var` (the code, or a function it called, may have changed it). Reading such a
    /// name again runs in the host, where its value is exact; a `let` the interpreter bound stays,
    /// so reading it stays fast.
    func forgetInterpreterValues(changedBy source: ProgramUnit) {
        let bound = source.items.flatMap { PatternNames.of(variable: $0.syntax.item) }
        for name in Set(bound).union(interpreterVariables) where name != "wb" { interpreter.unbind(name) }
        interpreterVariables.removeAll()
    }

    /// The workbench the running Swift's `wb` is: the prompt's, or the one the snippet made.
    var workbench: Workbench? { promptWorkbench ?? interpreter.snippetWorkbench }

    /// The prompt's settings as they are now (`set`, the sandbox, offline routes), read before each
    /// compiled run.
    public var currentSettings: (() -> PromptSettings)?

    /// The settings compiled code's `wb` starts from, with the prompt's current ones and the
    /// session's cookies.
    func refreshSettings() {
        if let currentSettings { configuration.settings = currentSettings() }
        // One jar for the session: compiled code's `wb` sends the cookies the session has now.
        configuration.settings.cookies = workbench?.cookieJar.cookies() ?? []
        hostInstance?.configuration.settings = configuration.settings
        hostInstance?.configuration.secrets = configuration.secrets
        hostInstance?.configuration.languageMode = configuration.languageMode
        hostInstance?.configuration.imports = configuration.imports
        hostInstance?.configuration.modules = configuration.modules
        hostInstance?.configuration.mainBundle = configuration.mainBundle
    }
}

extension SwiftRunner {
    /// The names bound so far, for completion.
    public var boundNames: [String] { interpreter.boundNames }

    /// The members of the value `expression` names, for completion; nil when it is not known.
    public func memberNames(of expression: String) -> [String]? { interpreter.memberNames(of: expression) }
}
