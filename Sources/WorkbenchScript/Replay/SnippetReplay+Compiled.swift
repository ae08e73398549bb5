import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchKit

/// Replay's compiled path: a statement the interpreter does not cover runs in the Swift host, as at
/// the prompt, after catching up on the snippet's earlier statements; values print with the
/// snippet's own module name, as `swift run NAME` prints them. With the results column, statements
/// are compiled with the playground transform, each as one program after the earlier ones.
@MainActor
final class ReplayCompiledPath {
    private let runner: Runner
    private var steps: [CompiledStep] = []
    /// Statements the interpreter ran since the last compiled run, turned into steps only when one is
    /// needed: a replay that never compiles never pays for their program form (4% of a replay of
    /// 1,000 GETs).
    private var pending: [(item: CodeBlockItemSyntax, exchanges: [Exchange])] = []

    /// With `resultsColumn`, statements are compiled with the playground transform and their output
    /// is kept from the console (the results column shows what they printed).
    init(console: Console, moduleName: String, sandboxURL: URL?, offlineRoutes: [OfflineRoute], resultsColumn: Bool = false) {
        var configuration = CompiledConfiguration()
        configuration.moduleName = moduleName
        configuration.resultsColumn = resultsColumn
        configuration.settings = PromptSettings(sandboxURL: sandboxURL, offlineRoutes: offlineRoutes,
                                                terminal: console.isTerminal, colors: console.colors)
        configuration.settings.showsResults = false
        runner = resultsColumn
            ? .program(CompiledEngine(console: Console(capturingWithColors: false), configuration: configuration))
            : .host(SwiftHost(console: console, configuration: configuration))
    }

    /// Where compiled statements run: the replay's Swift host, or (for the results column) one
    /// program per statement compiled with the playground transform.
    private enum Runner {
        case host(SwiftHost)
        case program(CompiledEngine)
    }

    /// Records a statement the interpreter ran, with the requests it made.
    func record(_ item: CodeBlockItemSyntax, exchanges: [Exchange]) {
        pending.append((item, exchanges))
    }

    /// Runs `item` compiled; the failure, if any, has been printed.
    func run(_ item: CodeBlockItemSyntax, interrupted: () -> Bool) async -> CompiledOutcome {
        await run(source: Self.programForm(of: item) ?? item.trimmedDescription, interrupted: interrupted)
    }

    /// Runs `source` (statements in their program form) compiled after the statements so far.
    func run(source: String, interrupted: () -> Bool) async -> CompiledOutcome {
        steps += pending.compactMap { recorded in
            Self.programForm(of: recorded.item).map { CompiledStep(source: $0, exchanges: recorded.exchanges) }
        }
        pending = []
        let outcome: CompiledOutcome
        switch runner {
        case .host(let host):
            outcome = await host.run(source, after: steps, interrupted: interrupted)
        case .program(let engine):
            outcome = await engine.run(source, after: steps, interrupted: interrupted)
            engine.console.clearCaptured()  // the program's output, kept from the console (the results column shows it)
        }
        if let step = outcome.step { steps.append(step) }
        return outcome
    }

    func close() {
        switch runner {
        case .host(let host): host.close()
        case .program(let engine): engine.close()
        }
    }

    /// A statement as the compiled program runs it: imports and `Sandbox.start()` are the program's
    /// own business, and the snippet's `let wb = Workbench(base: B, …)` is the program's `wb` with
    /// that base.
    static func programForm(of item: CodeBlockItemSyntax) -> String? {
        if item.item.as(DeclSyntax.self)?.is(ImportDeclSyntax.self) == true { return nil }
        guard let variable = item.item.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = binding.initializer?.value
        else { return item.trimmedDescription }
        var inner = initial
        while true {
            if let node = inner.as(TryExprSyntax.self) { inner = node.expression } else if let node = inner.as(AwaitExprSyntax.self) { inner = node.expression } else { break }
        }
        let callee = inner.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
        if callee == "Sandbox.start" { return nil }
        if name == "wb", callee == "Workbench", let call = inner.as(FunctionCallExprSyntax.self) {
            guard let base = call.arguments.first(where: { $0.label?.text == "base" }) else { return nil }
            return StatementForm.base.descriptor.swiftCall([base.expression.trimmedDescription])
        }
        return item.trimmedDescription
    }
}
