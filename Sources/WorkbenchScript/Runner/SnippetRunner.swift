import Foundation
internal import SwiftSyntax
import WorkbenchKit

/// A snippet's runner, for replay (all, `--step`, `--results`) and for `save`'s check: its statements
/// one at a time, its whole text as one program (SnippetRunner+Program.swift), or with the results
/// column. Values print with the snippet's module name, as `swift run NAME` prints them.
@MainActor
public final class SnippetRunner: SwiftRunner {
    /// In `save`'s check: what answers the sends of a statement the host runs (StepAnswers).
    var liveAnswers: (() -> [Exchange])?
    /// The names a failed statement should have bound, with its line: a statement reading one fails
    /// at once.
    private var namesLeftUnbound: [String: Int] = [:]
    /// What this runner is (`SnippetRole`): the declaration that waits for the host is kept there.
    private let snippetRole: SnippetRole
    /// The declarations the log holds, by their 1-based place in it, to place a compile error in
    /// one of them in the snippet's file.
    private var loggedDeclarations: [Int: SnippetScript.Step] = [:]

    /// How long replay waits at its end for work the snippet left running.
    nonisolated public static let replaySettleSeconds = 10.0

    /// `prepare` is applied to each `Workbench` the snippet makes, which gets `environment`.
    public init(_ script: SnippetScript, console: Console, sandboxURL: URL?, offlineRoutes: [OfflineRoute],
                environment: WorkbenchEnvironment, prepare: @escaping (Workbench) -> Void) {
        var configuration = HostConfiguration()
        configuration.moduleName = script.moduleName
        configuration.languageMode = script.languageMode
        configuration.settings = PromptSettings(sandboxURL: sandboxURL, offlineRoutes: offlineRoutes,
                                                terminal: console.isTerminal, colors: console.colors)
        configuration.settings.showsResults = false
        configuration.settings.recordsSessionRequests = false
        let interpreter = SnippetInterpreter(script: script, console: console, sandboxURL: sandboxURL, environment: environment,
                                             prepare: prepare)
        snippetRole = SnippetRole(interpreter: interpreter)
        super.init(interpreter: interpreter, console: console, configuration: configuration, role: snippetRole)
    }

    /// Runs one statement; a failure is printed as one line. Returns whether it succeeded.
    public func runStep(_ step: SnippetScript.Step) async -> Bool {
        let bound = PatternNames.of(variable: step.item.item)
        if let unbound = unboundName(in: step) {
            // Compiled, the snippet would have stopped at that statement: say so, without compiling
            // a statement that can only fail (`save`'s check of a messy session ran many of them).
            console.line(console.styled("error:", .red) + " \(unbound)")
            console.flush()
            for name in bound { namesLeftUnbound[name] = step.line }
            return false
        }
        let succeeded: Bool
        if let kind = SessionImport(step.item) {
            placeErrors(at: step)
            succeeded = await runImport(kind, step.item)
        } else {
            succeeded = await runOnItsEngine(step)
        }
        for name in bound {
            if succeeded { namesLeftUnbound[name] = nil } else { namesLeftUnbound[name] = step.line }
        }
        return succeeded
    }

    /// `FILE:LINE:COLUMN: 'posts' is not bound: line 27, which binds it, failed` for the first name
    /// the statement reads that a failed statement should have bound; nil when there is none.
    private func unboundName(in step: SnippetScript.Step) -> String? {
        guard !namesLeftUnbound.isEmpty, !Self.isDeclaration(step.item) else { return nil }
        let start = step.item.positionAfterSkippingLeadingTrivia.utf8Offset
        let text = Array(step.item.trimmedDescription.utf8)
        let newline = UInt8(ascii: "\n")
        // The names a `let` or `var` binds are written, not read.
        let patterns = step.item.item.as(VariableDeclSyntax.self)?.bindings.map { $0.pattern.position..<$0.pattern.endPosition } ?? []
        for token in step.item.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let failedAt = namesLeftUnbound[name],
                  !patterns.contains(where: { $0.contains(token.position) }) else { continue }
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset - start
            let before = text.prefix(offset)
            let line = step.line + before.count { $0 == newline }
            // Columns count bytes, as the compiler's do.
            let column = before.lastIndex(of: newline).map { offset - $0 } ?? step.column + offset
            return "\(interpreter.script.fileName):\(line):\(column): '\(name)' is not bound: line \(failedAt), which binds it, failed"
        }
        return nil
    }

    /// Runs the statement on the interpreter when it can finish it, else in the host.
    private func runOnItsEngine(_ step: SnippetScript.Step) async -> Bool {
        let item = step.item
        let model = Self.isModel(item)
        var interpreted = model
        // A `#Playground` block is a closure only the compiler runs.
        if !model, !compiledOnly, !PlaygroundBlock.isBlock(item) { interpreted = await interpreter.canFinish(item) }
        if interpreted {
            let before = workbench?.exchanges.count ?? 0
            let readBefore = workbench?.documentReads.count ?? 0
            let mark = self.mark()
            do {
                try await interpreter.run(step)
                logInterpreted(item, exchanges: newExchanges(since: before), documents: newDocumentReads(since: readBefore))
                return true
            } catch where !(model && compilerAvailable) {
                logFailed(role.programForm(of: item) ?? item.trimmedDescription, since: mark)
                console.line(console.styled("error:", .red) + " \(error)")
                console.flush()
                return false
            } catch {
                // A declaration the model parser does not take: the compiler decides, as at the prompt.
            }
        }
        let source = role.programForm(of: item) ?? item.trimmedDescription
        if Self.isDeclaration(item) && !PlaygroundBlock.isBlock(item) {
            // In the compiled snippet every top-level declaration sees every global, also one
            // declared below it (`func greet()` reading `var greeting`): a declaration waits in the
            // log and compiles with the next statement the host runs, or at the end (`finish`).
            logStep(source, exchanges: [])
            loggedDeclarations[log.count] = step
            if snippetRole.declarationAwaitingHost == nil { snippetRole.declarationAwaitingHost = step }
            return true
        }
        placeErrors(at: step)
        let outcome = await host.run(source, after: settledLog(), liveAnswers: liveAnswers?(), interrupted: interrupted)
        take(outcome, of: source)
        if !outcome.succeeded { explainMissingName(in: outcome.failure) }
        return outcome.succeeded
    }

    /// Compile errors told where the snippet has them: in the statement being run, or in a
    /// declaration the log held for it.
    private func placeErrors(at step: SnippetScript.Step) {
        let script = interpreter.script
        let declarations = loggedDeclarations
        host.placeCompileError = { Self.placing($0, at: step, in: script.fileName, text: script.text) }
        // Where the interpreter places its errors: the statement's start.
        host.placeThrownError = { "\(script.fileName):\(step.line):\(step.column): \($0)" }
        host.placeCaughtUpError = { number, error in
            declarations[number].map { Self.placing(error, at: $0, in: script.fileName, text: script.text) }
        }
    }

    /// An error counted in the statement (`2:14`), placed in the snippet's file, where the
    /// interpreter's own errors are placed too; the line shown under it is the file's (`text`),
    /// which a statement after another on its line (`let a = 1; a.nope`) starts within.
    nonisolated static func placing(_ error: CompileError, at step: SnippetScript.Step, in file: String, text: String) -> CompileError {
        var placed = error.shifted(by: step.column - 1)
        placed.file = file
        placed.line = step.line + error.line - 1
        placed.sourceLine = error.sourceLine == nil ? nil : CompileError.line(placed.line, of: text)
        return placed
    }

    /// Compiles the declarations still waiting for the host (a snippet ending in declarations);
    /// returns the first of them when that failed (its one line printed), nil otherwise.
    public func finish() async -> SnippetScript.Step? {
        guard let step = snippetRole.declarationAwaitingHost else { return nil }
        placeErrors(at: step)
        let outcome = await host.run("", after: settledLog(), interrupted: interrupted)
        take(outcome, of: "")
        return outcome.succeeded ? nil : step
    }

    /// A snippet statement as the host runs it (nil: nothing to run): imports and `Sandbox.start()`
    /// are the program's own business, and `let wb = Workbench(base: B, …)` is the program's `wb`
    /// with that base.
    nonisolated static func snippetForm(of item: CodeBlockItemSyntax) -> String? {
        if item.item.as(DeclSyntax.self)?.is(ImportDeclSyntax.self) == true { return nil }
        if let block = PlaygroundBlock.aloneForm(of: item) { return block }
        guard let variable = item.item.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = binding.initializer?.value
        else { return item.trimmedDescription }
        let inner = initial.withoutTryAndAwait
        let callee = inner.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
        if callee == "Sandbox.start" { return nil }
        if name == "wb", callee == "Workbench", let call = inner.as(FunctionCallExprSyntax.self) {
            guard let base = call.arguments.first(where: { $0.label?.text == "base" }) else { return nil }
            return StatementForm.base.descriptor.swiftCall([base.expression.trimmedDescription])
        }
        return item.trimmedDescription
    }
}
