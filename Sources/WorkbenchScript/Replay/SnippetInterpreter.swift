import Foundation
import ModelRuntime
internal import SwiftSyntax
import WorkbenchKit

/// Runs a snippet's statements as the REPL would, printing what the compiled snippet prints.
///
/// Requests go through a real `Workbench`, models through a `ModelWorkspace`, and values print
/// with the snippet's module name, so a replayed run reads exactly like `swift run NAME`.
@MainActor
public final class SnippetInterpreter {
    let script: SnippetScript
    let console: Console
    /// What `try await Sandbox.start()` stands for: the sandbox the REPL already runs.
    let sandboxURL: URL?
    /// Applied to each `Workbench` the snippet creates (offline routing, Ctrl-C, options).
    let prepare: (Workbench) -> Void
    /// Given to each `Workbench` the snippet creates: its `spec` reads documents as the caller's does.
    let environment: WorkbenchEnvironment
    let workspace: ModelWorkspace
    var scopes: [[String: ReplayValue]] = [[:]]
    /// Set while checking that an item can be finished: calls with effects are read, not made.
    var checking = false

    public init(script: SnippetScript, console: Console, sandboxURL: URL?, environment: WorkbenchEnvironment,
                prepare: @escaping (Workbench) -> Void = { _ in }, workspace: ModelWorkspace? = nil) {
        self.script = script
        self.console = console
        self.sandboxURL = sandboxURL
        self.environment = environment
        self.prepare = prepare
        self.workspace = workspace ?? ModelWorkspace(moduleName: script.moduleName)
    }

    /// Runs one top-level step; a failure or an unsupported construct comes back located.
    public func run(_ step: SnippetScript.Step) async throws(ReplayError) {
        do {
            try await execute(step.item)
        } catch let error as ReplayError {
            throw error
        } catch let error as UnsupportedConstruct {
            let (line, column) = script.location(of: error.node)
            throw ReplayError(file: script.fileName, line: line, column: column, message: error.message
                + " — replay runs the statements `save` writes; run the whole file with `swift run \(script.baseName)`",
                              underlying: error)
        } catch let error as ModelSourceError {
            // Declarations are read with their place in the file, so the error knows its own position.
            throw ReplayError(file: script.fileName, line: error.line, column: error.column, message: error.message,
                              underlying: error)
        } catch let error as ModelTypeError where error.line != nil {
            // A type named in a declaration and still not declared: reported where the name is written.
            throw ReplayError(file: script.fileName, line: error.line ?? step.line, column: error.column ?? 1,
                              message: error.message, underlying: error)
        } catch {
            throw ReplayError(file: script.fileName, line: step.line, column: step.column,
                              message: String(describing: error), underlying: error)
        }
    }

    func execute(_ item: CodeBlockItemSyntax) async throws {
        switch item.item {
        case .decl(let decl): try await declare(decl)
        case .stmt(let statement): try await execute(statement)
        case .expr(let expression): _ = try await evaluate(expression)
        }
    }

    func execute(_ block: CodeBlockSyntax) async throws {
        scopes.append([:])
        defer { scopes.removeLast() }
        for item in block.statements { try await execute(item) }
    }

    private func declare(_ decl: DeclSyntax) async throws {
        if decl.is(ImportDeclSyntax.self) { return }
        if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || DeclarationParser.isModelAlias(decl) {
            // A model is declared by the model parser, tried before any check (SwiftRunner); any other
            // type goes to the compiler.
            if checking { throw UnsupportedConstruct(decl, "declaring a type that is not a model") }
            let (line, column) = script.location(of: decl)
            try workspace.declare(decl.trimmedDescription, origin: SourceOrigin(line: line, column: column))
            return
        }
        guard let variable = decl.as(VariableDeclSyntax.self) else {
            throw UnsupportedConstruct(decl, UnsupportedConstruct.sentence(for: decl))
        }
        // A child task whose value is awaited where it is read: the compiled path's.
        if variable.isAsyncLet { throw UnsupportedConstruct(variable, "`async let` is not supported in replay") }
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              binding.typeAnnotation == nil, let initial = binding.initializer?.value else {
            throw UnsupportedConstruct(variable, "only `let NAME = VALUE` bindings are supported in replay")
        }
        bind(name, try await evaluate(initial))
    }

    private func execute(_ statement: StmtSyntax) async throws {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            _ = try await evaluate(expression.expression)
        } else if let loop = statement.as(ForStmtSyntax.self) {
            try await runLoop(loop)
        } else if let attempt = statement.as(DoStmtSyntax.self) {
            try await runDo(attempt)
        } else {
            throw UnsupportedConstruct(statement, UnsupportedConstruct.sentence(for: statement))
        }
    }

    /// `for x in values { … }` over an array (or a `prefix` of one).
    private func runLoop(_ loop: ForStmtSyntax) async throws {
        guard loop.whereClause == nil, loop.caseKeyword == nil, loop.tryKeyword == nil, loop.awaitKeyword == nil,
              let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
            throw UnsupportedConstruct(loop.pattern, "only `for NAME in VALUES { … }` loops are supported in replay")
        }
        let sequence = try await evaluate(loop.sequence)
        guard case .typed(let values) = sequence, case .array(let items) = values.value,
              case .array(let element) = values.type else {
            throw UnsupportedConstruct(loop.sequence, "cannot loop over a value of type '\(sequence.kindName)'")
        }
        for item in items {
            scopes.append([name: .typed(TypedValue(value: item, type: element))])
            defer { scopes.removeLast() }
            try await execute(loop.body)
        }
    }

    /// `do { … } catch { … }`: the first failing statement jumps to the catch block with `error`.
    private func runDo(_ attempt: DoStmtSyntax) async throws {
        guard attempt.catchClauses.count <= 1 else {
            throw UnsupportedConstruct(attempt.catchClauses, "only one `catch { … }` block is supported in replay")
        }
        guard let clause = attempt.catchClauses.first else { return try await execute(attempt.body) }
        guard clause.catchItems.isEmpty else {
            throw UnsupportedConstruct(clause.catchItems, "catch patterns are not supported in replay; use `catch { … }`")
        }
        if checking {
            // Both blocks are checked: the body cannot fail while nothing is sent.
            try await execute(attempt.body)
            scopes.append(["error": .error(CheckedError())])
            defer { scopes.removeLast() }
            return try await execute(clause.body)
        }
        do {
            try await execute(attempt.body)
        } catch let unsupported as UnsupportedConstruct {
            throw unsupported
        } catch {
            scopes.append(["error": .error(error)])
            defer { scopes.removeLast() }
            try await execute(clause.body)
        }
    }

    func lookup(_ name: String) -> ReplayValue? {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    func bind(_ name: String, _ value: ReplayValue) {
        scopes[scopes.count - 1][name] = value
    }
}
