internal import SwiftSyntax
import WorkbenchKit

/// What the prompt's runner and a snippet's do differently, said once by the role each is made
/// with (`PromptRole`, `SnippetRole`), not by overriding the runner they share (`SwiftRunner`,
/// docs/ARCHITECTURE.md, "The Swift runner").
@MainActor
protocol SwiftRunnerRole: AnyObject {
    /// `wb` in the Swift that runs: the prompt's `Workbench`, or the one the snippet made.
    var workbench: Workbench? { get }
    /// Whether the results column's input prints to a console of its own (replay's column shows
    /// what it printed), rather than to the runner's.
    var keepsResultsOutput: Bool { get }
    /// A step as the host runs it (nil: nothing for the host to run).
    func programForm(of item: CodeBlockItemSyntax) -> String?
    /// An item was logged for the host.
    func logged(_ item: CodeBlockItemSyntax)
    /// A step ran to its end in the host; the log held `loggedThrough` steps once it was logged.
    func ran(_ source: String, exchanges: [Exchange], loggedThrough: Int)
    /// The host answered a run (it compiled the log, or said what failed), before the runner takes
    /// in what the run did.
    func hostAnswered()
}

/// The prompt's role: `wb` is the session's workbench; each step that ran to its end is kept for
/// the session to record, with the names Swift steps mention and declare.
@MainActor
final class PromptRole: SwiftRunnerRole {
    let workbench: Workbench?
    private let promptWorkbench: Workbench
    /// The steps that ran to their end since the session last took them.
    var ranSteps: [PromptRunner.RanStep] = []
    /// The names Swift steps mention: a lone name among them is Swift, not a mistyped command.
    private(set) var swiftNames: Set<String> = []
    /// The names Swift steps declared (a `let`/`var`, a `func`, a type): such a name is Swift
    /// before it is a command word (`status + 1` with `let status = 200`).
    private(set) var declaredNames: Set<String> = []
    let keepsResultsOutput = false

    init(workbench: Workbench) {
        self.workbench = workbench
        promptWorkbench = workbench
    }

    /// At the prompt, as typed.
    func programForm(of item: CodeBlockItemSyntax) -> String? {
        item.trimmedDescription
    }

    func logged(_ item: CodeBlockItemSyntax) {
        declaredNames.formUnion(PatternNames.of(variable: item.item))
        if let declared = HostName.declaredName(item.item) { declaredNames.insert(declared.name) }
        for token in item.tokens(viewMode: .sourceAccurate) { if case .identifier(let name) = token.tokenKind { swiftNames.insert(name) } }
    }

    func ran(_ source: String, exchanges: [Exchange], loggedThrough: Int) {
        // The runner showed the step's values (or the host handed their labels back with `wb`'s
        // state) before the step ran to its end.
        ranSteps.append(PromptRunner.RanStep(source: source, exchanges: exchanges, shownValues: promptWorkbench.shownValues,
                                             loggedThrough: loggedThrough))
        promptWorkbench.shownValues = []
    }

    func hostAnswered() {}
}

/// A snippet's role: `wb` is the one the snippet made; a statement runs in the host in the program
/// form the compiled snippet has; a declaration waits in the log until the host next compiles.
@MainActor
final class SnippetRole: SwiftRunnerRole {
    private let interpreter: SnippetInterpreter
    /// The first declaration logged for the host and not compiled yet.
    var declarationAwaitingHost: SnippetScript.Step?
    let keepsResultsOutput = true

    init(interpreter: SnippetInterpreter) {
        self.interpreter = interpreter
    }

    var workbench: Workbench? { interpreter.snippetWorkbench }

    func programForm(of item: CodeBlockItemSyntax) -> String? {
        SnippetRunner.snippetForm(of: item)
    }

    func logged(_ item: CodeBlockItemSyntax) {}

    func ran(_ source: String, exchanges: [Exchange], loggedThrough: Int) {}

    func hostAnswered() {
        declarationAwaitingHost = nil
    }
}
