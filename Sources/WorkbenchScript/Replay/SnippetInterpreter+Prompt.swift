import Foundation
import ModelRuntime
internal import SwiftParser
internal import SwiftSyntax
import WorkbenchKit

/// The interpreter as the prompt's fast path: module `main`, the session's `Workbench` as `wb`,
/// values that stay bound across inputs.
extension SnippetInterpreter {
    /// What an item gave to show: `label: TYPE`, then the value.
    public struct Shown {
        public var label: String
        public var report: DecodedValueReport
    }

    /// An item the fast path does not cover; nothing it started has had an effect.
    public struct NotCovered: Error, CustomStringConvertible {
        public let description: String
    }

    /// The prompt's interpreter over the session's models and workbench.
    public static func prompt(workspace: ModelWorkspace, console: Console, workbench: Workbench) -> SnippetInterpreter {
        // An empty script only names the module (`main`) and the file for positions.
        let script = (try? SnippetScript(source: "", fileName: "main.swift"))!
        let interpreter = SnippetInterpreter(script: script, console: console, sandboxURL: workbench.sandboxURL,
                                             environment: workbench.environment, workspace: workspace)
        interpreter.bind("wb", .workbench(workbench))
        workbench.declaredModels = workspace
        return interpreter
    }

    /// Binds a value a command made (`let posts = decode [Post]`).
    public func bindValue(_ name: String, _ value: TypedValue) {
        bind(name, .typed(value))
    }

    /// Forgets `name` (the compiled path changed or redeclared it; reading it then runs compiled).
    public func unbind(_ name: String) {
        for index in scopes.indices { scopes[index][name] = nil }
    }

    /// Forgets every name `item` mentions but `wb`: compiled code ran it, so what the interpreter
    /// held for those names may be stale.
    func forget(namesIn item: CodeBlockItemSyntax) {
        for token in item.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind, name != "wb" { unbind(name) }
        }
    }

    /// The snippet's `wb`, once it made one.
    var snippetWorkbench: Workbench? {
        if case .workbench(let workbench)? = lookup("wb") { return workbench }
        return nil
    }

    /// Whether `name` is bound on the fast path.
    public func isBound(_ name: String) -> Bool { lookup(name) != nil }

    /// Runs one top-level item of a prompt input; returns what to show, if anything. Throws
    /// `NotCovered` when the interpreter cannot finish it (`canFinish`: nothing has happened then).
    func runPromptItem(_ item: CodeBlockItemSyntax) async throws -> Shown? {
        guard await canFinish(item, showing: true) else { throw NotCovered(description: "not taken by the interpreter") }
        return try await runCheckedPromptItem(item)
    }

    /// The item run (or, while `checking`, checked) without asking first.
    func runCheckedPromptItem(_ item: CodeBlockItemSyntax) async throws -> Shown? {
        switch item.item {
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isAsyncLet, let binding = variable.bindings.first,
                  variable.bindings.count == 1, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  binding.typeAnnotation == nil, let initial = binding.initializer?.value else {
                try await execute(item)
                return nil
            }
            let value = try await evaluate(initial)
            let shown = initial.callsWorkbench || checking && value.isPending ? nil : try self.shown(value, label: name, at: initial)
            bind(name, value)
            return shown
        case .stmt(let statement):
            guard let expression = statement.as(ExpressionStmtSyntax.self)?.expression else {
                try await execute(item)
                return nil
            }
            return try await show(expression)
        case .expr(let expression):
            return try await show(expression)
        }
    }

    /// A `\(expression)` in a command's argument: its text as interpolation prints it.
    public func interpolationText(_ expression: String) async throws -> String {
        let parsed = try GuardedParse.file(expression)
        guard !parsed.hasError, parsed.statements.count == 1, let item = parsed.statements.first,
              case .expr(let node) = item.item, await canFinish(item) else {
            throw NotCovered(description: "not on the fast path")
        }
        do {
            return try printable(try await evaluate(node), at: node)
        } catch let unsupported as UnsupportedConstruct {
            throw NotCovered(description: unsupported.message)
        }
    }

    private func show(_ expression: ExprSyntax) async throws -> Shown? {
        let value = try await evaluate(expression)
        if expression.callsWorkbench || checking && value.isPending { return nil }
        return try shown(value, label: expression.trimmedDescription, at: expression)
    }

    /// The report for a value whose static type the fast path knows; nil for Void.
    private func shown(_ value: ReplayValue, label: String, at node: some SyntaxProtocol) throws -> Shown? {
        if case .none = value { return nil }
        guard let report = report(of: value, forTerminal: console.isTerminal) else {
            throw UnsupportedConstruct(node, "showing a value of type '\(value.kindName)'")
        }
        return Shown(label: label, report: report)
    }

    /// The type and text the prompt shows for `value`; nil for what it shows none of.
    func report(of value: ReplayValue, forTerminal: Bool) -> DecodedValueReport? {
        switch value {
        case .typed(let typed): typed.report(moduleName: script.moduleName, forTerminal: forTerminal)
        case .string(let text): DecodedValueReport(typeName: "String", count: nil, text: text)
        case .int(let number): DecodedValueReport(typeName: "Int", count: nil, text: String(number))
        case .double(let number): DecodedValueReport(typeName: "Double", count: nil, text: number.description)
        case .bool(let flag): DecodedValueReport(typeName: "Bool", count: nil, text: String(flag))
        case .url(let url): DecodedValueReport(typeName: "URL", count: nil, text: url.absoluteString)
        default: nil
        }
    }
}
