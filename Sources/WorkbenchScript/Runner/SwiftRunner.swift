import Foundation
internal import SwiftSyntax
import WorkbenchKit

/// What the two runners of Swift share (docs/ARCHITECTURE.md, "The Swift runner"): `PromptRunner`
/// (an input at the prompt, a `\(…)` in a command) and `SnippetRunner` (a replayed statement: all,
/// `--step`, `--results`; the statements `save` checks). It is the one place that knows there are
/// two engines:
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
public class SwiftRunner {
    public let console: Console
    let interpreter: SnippetInterpreter
    /// How compiled Swift is set up: the module name, `wb`'s settings, the secrets steps read. The
    /// host compiles with it as it is now (an import a snippet compiled, a package added).
    public var configuration: HostConfiguration {
        didSet { hostInstance?.configuration = configuration }
    }
    /// Everything but model declarations goes to the host (`WORKBENCH_ENGINE=compiled` at the prompt:
    /// the differential tests compare both engines).
    public var compiledOnly = false
    /// Where output printed between inputs goes (a `Task` an input started); nil: standard output.
    /// Set before the host is first used.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)?
    /// Polled while Swift runs: true stops it (Ctrl-C).
    public var interrupted: () -> Bool = { false }

    /// The steps that ran, for the host to catch up on.
    private(set) var log: [LoggedStep] = []
    /// Steps the interpreter ran since the host last ran, turned into program form only when the
    /// host needs them: a replay that never compiles never pays for it (4% of a replay of 1,000 GETs).
    private var unconverted: [(item: CodeBlockItemSyntax, exchanges: [Exchange], documents: [DocumentRead])] = []
    /// Names bound with `var` on the interpreter: compiled code may change them.
    var interpreterVariables: Set<String> = []
    /// The Apple-only modules imported so far (UIKit…), each noted once.
    var appleOnlyImports: [String] = []
    /// Whether `noteWebSocketTask` has said its line.
    var notedWebSocketTask = false
    private(set) var hostInstance: SwiftHost?
    private var capturedInstance: Console?
    /// What makes this runner the prompt's or a snippet's (`SwiftRunnerRole`).
    let role: any SwiftRunnerRole

    init(interpreter: SnippetInterpreter, console: Console, configuration: HostConfiguration, role: any SwiftRunnerRole) {
        self.interpreter = interpreter
        self.console = console
        self.configuration = configuration
        self.role = role
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

    /// Logs a step that ran elsewhere (a command, as its WorkbenchKit statement; a declaration a
    /// snippet holds for the host), with the requests it made.
    func logStep(_ source: String, exchanges: [Exchange], documents: [DocumentRead] = []) {
        settle()
        log.append(LoggedStep(source: source, exchanges: exchanges, documents: documents))
    }

    /// How many steps are logged, those the interpreter ran and the host has not seen included:
    /// where `keepLogged` can cut the log later.
    public var loggedCount: Int { log.count + unconverted.count }

    /// Keeps the first `count` logged steps (`edit` and `play` run the ones after them again): the
    /// host forgets what it ran of the others, so it neither catches up on them nor runs them in a
    /// rebuild.
    public func keepLogged(_ count: Int) {
        guard count < log.count else {
            unconverted.removeSubrange(min(count - log.count, unconverted.count)...)
            return
        }
        unconverted = []
        log.removeSubrange(count...)
        hostInstance?.keepFirst(count)
    }

    /// Ends the host: the next input that needs it starts a new one, which catches up on every
    /// logged step (a module it linked was compiled again).
    public func restartHost() {
        hostInstance?.stop()
    }

    /// Ends the host and the session's WebSocket, and removes the private directories (at the end
    /// of a session or a replay).
    public func close() {
        workbench?.endWebSocket()
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

    /// Where the results column's input prints: the console, or (a snippet's) a console of its own.
    var resultsOutput: Console { role.keepsResultsOutput ? captured : console }

    /// A step that ran to its end, for the role to keep (the prompt records it in its transcript).
    func ran(_ source: String, exchanges: [Exchange]) {
        role.ran(source, exchanges: exchanges, loggedThrough: loggedCount)
    }

    private func settle() {
        guard !unconverted.isEmpty else { return }
        log += unconverted.compactMap { ran in
            role.programForm(of: ran.item).map { source in
                // Its tree, which the host takes instead of parsing it again, when the program has it as typed.
                LoggedStep(source: source, recording: ran.exchanges.map(PromptEvent.exchange) + ran.documents.map(PromptEvent.document),
                           parsed: source == ran.item.trimmedDescription ? ProgramUnit(item: ran.item) : nil)
            }
        }
        unconverted = []
    }

    /// An item the interpreter ran, for the log.
    func logInterpreted(_ item: CodeBlockItemSyntax, exchanges: [Exchange], documents: [DocumentRead]) {
        if Self.isSpecCall(item) {
            logSpecBase()
            return
        }
        unconverted.append((item, exchanges, documents))
        role.logged(item)
        if let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var) {
            interpreterVariables.formUnion(PatternNames.of(variable: item.item))
        }
    }

    /// After a `spec` (a command, or `wb.spec(…)`): the host reads no OpenAPI documents (WorkbenchKit
    /// is all it links), so it catches up on what `spec` changed that it uses, the base, as it is now.
    func logSpecBase() {
        settle()
        guard let workbench, let base = workbench.base?.string else { return }
        log.append(LoggedStep(source: WorkbenchStatement.base(base).swiftSource(interpolating: workbench.environment.interpolationEnds)))
    }

    /// Whether `item` is a `wb.spec(…)` call (`try await` before it or not).
    nonisolated static func isSpecCall(_ item: CodeBlockItemSyntax) -> Bool {
        // Only the first four tokens count: every statement of a replay is asked this.
        var expected = ["wb", ".", "spec", "("][...]
        for token in item.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            if text == "try" || text == "await" { continue }
            guard text == expected.first else { return false }
            expected = expected.dropFirst()
            if expected.isEmpty { return true }
        }
        return false
    }

    /// `wb` as a step found it, to tell afterwards what a step that failed had changed: the request
    /// (copies that share their storage until written) and how many sends there were.
    public struct Mark {
        let base: URLComponents?
        let request: RequestDraft
        let defaultHeaders: HeaderList
        let exchanges: Int
        let failedSends: Int
    }

    /// `wb` now (nil: there is no `wb` yet).
    public func mark() -> Mark? {
        guard let workbench else { return nil }
        return Mark(base: workbench.base, request: workbench.request, defaultHeaders: workbench.defaultHeaders,
                    exchanges: workbench.exchanges.count, failedSends: workbench.failedSends.count)
    }

    /// Logs a step that failed after it changed `wb` (`get URL` sets the URL, then its send is
    /// refused). It is no step of the transcript (`save` writes what succeeded), but `wb` changed
    /// all the same, so the host runs it too when it catches up: its sends answered as they were
    /// (a failure thrown again: nothing is sent) and its error caught, so that the host's `wb` is
    /// left as the REPL's was and the next compiled input hands back the same request. A step that
    /// changed nothing is not logged.
    func logFailed(_ source: String, since mark: Mark?) {
        guard let mark, let workbench else { return }
        let failed = workbench.failedSends.dropFirst(mark.failedSends)
        let changed = workbench.base != mark.base || workbench.request != mark.request || workbench.defaultHeaders != mark.defaultHeaders
        guard changed || !failed.isEmpty || workbench.exchanges.count > mark.exchanges else { return }
        // Its sends in order, each an exchange or a failure, as the host records its own.
        var recording: [PromptEvent] = []
        var next = mark.exchanges
        for send in failed {
            while next < min(send.after, workbench.exchanges.count) {
                recording.append(.exchange(workbench.exchanges[next]))
                next += 1
            }
            recording.append(.sendFailed(send.error.description))
        }
        recording += workbench.exchanges.dropFirst(next).map(PromptEvent.exchange)
        settle()
        log.append(LoggedStep(source: "do { \(source)\n} catch {}", recording: recording))
    }

    /// A step the host ran, for the log.
    func logCompiled(_ step: LoggedStep, changing source: ProgramUnit) {
        settle()
        log.append(step)
        for item in source.items { role.logged(item.syntax) }
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
    var workbench: Workbench? { role.workbench }

    /// The settings compiled code's `wb` starts from, with the session's cookies.
    func refreshSettings() {
        // One jar for the session: compiled code's `wb` sends the cookies the session has now.
        configuration.settings.cookies = workbench?.cookieJar.cookies() ?? []
    }

    /// A `Codable`/`Decodable` struct or enum: a model the interpreter declares and decodes into;
    /// or a `typealias` of a type over models (`typealias Posts = [Post]`), which `decode` may name.
    nonisolated static func isModel(_ item: CodeBlockItemSyntax) -> Bool {
        guard let declaration = item.item.as(DeclSyntax.self) else { return false }
        return DeclarationParser.isModelAlias(declaration) || declaration.statesCodable
    }

    /// Runs `source` (statements in their program form) compiled with the playground transform after
    /// the steps so far. In replay its output is kept from the console: the column shows it.
    public func runResultsProgram(_ source: String) async -> HostOutcome {
        refreshSettings()
        let outcome = await host.run(source, after: settledLog(), output: resultsOutput, resultsColumn: true, interrupted: interrupted)
        captured.clearCaptured()
        take(outcome, of: source)
        return outcome
    }

    /// A type, function, extension or operator: what the compiled snippet sees from anywhere in it.
    nonisolated static func isDeclaration(_ item: CodeBlockItemSyntax) -> Bool {
        guard let declaration = item.item.as(DeclSyntax.self) else { return false }
        return !declaration.is(VariableDeclSyntax.self) && !declaration.is(ImportDeclSyntax.self)
    }

    /// What compiled code did, taken in: its requests join the history, `wb` continues from the
    /// request it left (also when it failed), and the step is logged (when it ran to its end).
    func take(_ outcome: HostOutcome, of source: String) {
        role.hostAnswered()
        noteWebSocketTask(in: source)
        workbench?.join(outcome.exchanges)
        // Failed or not: the host's `wb` keeps what the input changed before it threw, so ours does.
        if let state = outcome.requestState { workbench?.restore(state) }
        let unit = outcome.step?.unit ?? ProgramUnit(source)
        if let step = outcome.step {
            logCompiled(step, changing: unit)
            ran(source, exchanges: outcome.exchanges)
        } else {
            // No step: `save` prints none of the values a failed input showed.
            workbench?.shownValues = []
            forgetInterpreterValues(changedBy: unit)
        }
    }

    /// Once a session, under compiled code that makes a `URLSessionWebSocketTask`: FoundationNetworking's
    /// fails here (`WebSockets not supported by libcurl`), and `ws` does what it would.
    func noteWebSocketTask(in source: String) {
        guard !notedWebSocketTask, source.contains("webSocketTask(") else { return }
        notedWebSocketTask = true
        console.line(console.styled(Self.webSocketTaskNote, .dim))
        console.flush()
    }

    static let webSocketTaskNote = "(URLSessionWebSocketTask fails on Linux, whose libcurl has no WebSocket: `ws URL` at the prompt, "
        + "or `try await wb.ws(\"URL\")` and `try wb.wsSend(…)` in Swift, open one and send on it)"

    func newExchanges(since count: Int) -> [Exchange] {
        guard let exchanges = workbench?.exchanges else { return [] }
        return Array(exchanges[min(count, exchanges.count)...])
    }

    /// The files `json(file:)` read since there were `count`, with the copies they were read through.
    func newDocumentReads(since count: Int) -> [DocumentRead] {
        guard let reads = workbench?.documentReads else { return [] }
        return Array(reads[min(count, reads.count)...])
    }
}

extension SwiftRunner {
    /// At the end of a replay, the work the snippet left running (completion handlers, a `Task`'s
    /// requests) ends before the replay does, as the page keeps running in a playground; what it
    /// prints lands here. At the bound, one line says what was still in flight, or that the page
    /// that set `needsIndefiniteExecution` never called `finishExecution()`.
    public func settleLeftWork() async {
        guard let hostInstance, let pending = await hostInstance.settle(seconds: SnippetRunner.replaySettleSeconds), pending != 0 else { return }
        let seconds = Int(SnippetRunner.replaySettleSeconds)
        let requests = pending == 1 ? "1 request was" : "\(pending) requests were"
        let line = pending < 0
            ? "(the page still runs after \(seconds) s: it set needsIndefiniteExecution and did not call finishExecution(); the replay ends)"
            : "(\(requests) still in flight after \(seconds) s; the replay ends without \(pending == 1 ? "it" : "them"))"
        console.line(console.styled(line, .yellow))
        console.flush()
    }
}
