internal import SwiftSyntax
import WorkbenchKit

/// One library loaded into the Swift host: the steps the host catches up on (run quietly) and the
/// new input (run live), compiled as module `__wb_inN` (docs/ARCHITECTURE.md, "The Swift host").
///
/// Declarations stay at the top of the file. Statements go into two entry points, one per part. A
/// top-level `let x = EXPR` becomes a global of the library, typed from its own expression and
/// initialized, in order with the statements, with the value the entry point computed: so it is
/// computed once and lives as long as the host, and later inputs see it through `@testable import`.
/// A `let d: T` without a value is a global its first assignment initializes (`DeferredBinding`).
struct HostLibrary {
    let number: Int
    /// The steps caught up on, then the input (when there is one): what diagnostics map back to.
    let program: LibrarySource
    /// How many of `program.units` are caught-up steps; the rest are the input's (one, or one per
    /// step of a batch `play` runs).
    let catchUpCount: Int
    /// The session step number of each caught-up step (1-based), for a failure naming it.
    let stepNumbers: [Int]
    let catchUpAwaits: Bool
    let liveAwaits: Bool
    /// Whether the input is compiled with the playground transform, for the results column.
    let resultsColumn: Bool
    /// What the library declares at the top level, for the imports of later libraries.
    let declared: [HostName]
    /// Whether it declares what cannot be imported by name (an extension, an operator, an actor):
    /// later inputs import the whole module.
    let declaresUnnamed: Bool
    /// The units that declare such a thing (of a library only part of which counts).
    let unnamedUnits: Set<Int>

    var moduleName: String { HostModuleName.of(input: number) }
    var catchUpSymbol: String { "__wb_catchup_\(number)" }
    var liveSymbol: String { "__wb_live_\(number)" }
    var hasLive: Bool { liveUnitCount > 0 }
    var liveUnitCount: Int { program.units.count - catchUpCount }
    /// Declared names of the caught-up steps only (the part that ran whatever the input did).
    var declaredByCatchUp: [HostName] { declared.filter { $0.unit < catchUpCount } }

    /// The most caught-up steps that await in one function (`init`).
    static let awaitsPerChunk = 24
    static let runtime = "WorkbenchKit.HostRuntime"
    static let values = "WorkbenchKit.HostValues"
    /// What a `wb.…` call's value goes through in the results column's input.
    static let workbenchResult = "__wb_result"

    /// `catchUp` are earlier steps (with their session numbers) the host has not run, `inputs` the
    /// new input (none for a library that only catches up; several when each is a step of its own,
    /// each then begun by `HostRuntime.liveUnit`); `imports` the lines that make earlier
    /// inputs' declarations visible. `models` are earlier models declared again over a model the
    /// steps redeclare (`HostModels`); `unbound` names a failed caught-up step left without a value,
    /// with the error a use of one gets. `earlier` is the module of each name's latest declaration
    /// before this library. With `resultsFile`, the input is compiled for the results column: its
    /// records go to that file, and its values are not shown.
    init(number: Int, catchUp: [(number: Int, unit: ProgramUnit)], inputs: [ProgramUnit], imports: [String], showsResults: Bool,
         languageMode: SwiftLanguageMode, models: [HostModels.Model] = [], unbound: [(name: String, message: String)] = [],
         earlier: [String: String] = [:], resultsFile: String? = nil) {
        self.number = number
        resultsColumn = resultsFile != nil
        let units = catchUp.map(\.unit) + inputs
        catchUpCount = catchUp.count
        stepNumbers = catchUp.map(\.number)
        catchUpAwaits = catchUp.contains { $0.unit.items.contains(where: \.awaitsAtTopLevel) }
        liveAwaits = inputs.contains { $0.items.contains(where: \.awaitsAtTopLevel) }

        var source = MappedSource()
        source.generated("""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import WorkbenchKit

            """)
        for line in imports { source.generated(line + "\n") }
        if resultsFile != nil { source.generated("import ResultsLog\n") }
        for (index, unit) in units.enumerated() {
            for item in unit.items {
                guard case .importDeclaration = item.kind else { continue }
                source.original(unit.bytes, unit: index, range: item.range)
                source.generated("\n")
            }
        }
        // Swift 5 mode: an input that does not await runs as a Swift 5 program's top-level code runs
        // when it does not await, outside the main actor (`@MainActor func f()` needs `await f()`).
        // `@preconcurrency` in Swift 5: read outside the main actor (an input that does not await) as
        // on it (a function that awaits `wb.get`, which hops there).
        let mainActor = "\(languageMode == .swift6 ? "" : "@preconcurrency ")@MainActor"
        source.generated("\(mainActor) private var wb: WorkbenchKit.Workbench { \(Self.runtime).hostWorkbench }\n")
        if resultsFile != nil {
            // The column shows a request's status line (what `wb.get` prints), not the whole `Exchange`.
            source.generated("""
                \(mainActor) @discardableResult private func \(Self.workbenchResult)(_ exchange: WorkbenchKit.Exchange) -> String { wb.statusLine(exchange) }
                @discardableResult private func \(Self.workbenchResult)<T>(_ value: T) -> T { value }

                """)
        }

        var declared: [HostName] = []
        // Generated, so a compile error in one is not placed in a step; unit -1: the catch-up's.
        for model in models {
            source.generated(model.text + "\n")
            declared.append(HostName(kind: model.kind, name: model.name, unit: -1))
        }
        // Shadows any earlier value of the name, which would be stale (or never given).
        for name in unbound {
            source.generated("@available(*, unavailable, message: \(SwiftLiteral.quoted(name.message))) var \(name.name): Never { fatalError() }\n")
        }
        var unnamedUnits: Set<Int> = []
        // The caught-up steps in functions of at most `awaitsPerChunk` steps that await, called in
        // turn: the compiler's time for one async function grows faster than its awaits, so the
        // first Swift input after many requests waited.
        var catchUpChunks: [[StatementPiece]] = [[]]
        var chunkAwaits = 0
        var canSplit = true
        var live: [StatementPiece] = []
        if let resultsFile {
            live.append(.generated("ResultsLog.start(file: \(SwiftLiteral.quoted(resultsFile)))\ndefer { ResultsLog.stop() }\n"))
        }
        for (index, unit) in units.enumerated() {
            let isLive = index >= catchUp.count
            if !isLive {
                // A `guard`'s names and a `defer` belong to the rest of their function: after one, no split.
                canSplit = canSplit && !unit.items.contains { $0.keepsTheRestOfItsFunction }
                if canSplit && chunkAwaits >= Self.awaitsPerChunk {
                    catchUpChunks.append([])
                    chunkAwaits = 0
                }
                if unit.items.contains(where: \.awaitsAtTopLevel) { chunkAwaits += 1 }
                catchUpChunks[catchUpChunks.count - 1].append(.generated("\(Self.runtime).step(\(catchUp[index].number))\n"))
            }
            if isLive, inputs.count > 1 { live.append(.generated("try \(Self.runtime).liveUnit(\(index - catchUp.count))\n")) }
            for item in unit.items {
                let pieces = Self.translate(item, of: unit, unit: index, live: isLive, shows: showsResults && resultsFile == nil,
                                            results: isLive && resultsFile != nil, mode: languageMode, earlier: earlier, source: &source)
                if isLive { live += pieces.statements } else { catchUpChunks[catchUpChunks.count - 1] += pieces.statements }
                declared += pieces.declared.map { HostName(kind: $0.kind, name: $0.name, unit: index, signature: $0.signature) }
                if pieces.declaresUnnamed { unnamedUnits.insert(index) }
            }
        }
        self.declared = declared
        declaresUnnamed = !unnamedUnits.isEmpty
        self.unnamedUnits = unnamedUnits
        let parts = [(symbol: "__wb_catchup_\(number)", function: "__wb_catchup", quiet: true, awaits: catchUpAwaits),
                     (symbol: "__wb_live_\(number)", function: "__wb_live", quiet: false, awaits: liveAwaits)]
        for (part, chunks) in zip(parts, [catchUpChunks, [live]]) {
            // The statements are a function's body, which the entry point's closure calls: a
            // function's statements are type-checked one by one, a closure's with the call it is
            // passed to, as one expression (a long played file took many times longer so).
            let onMainActor = part.awaits || languageMode == .swift6
            let head = "\(onMainActor ? "@MainActor " : "")private func \(part.function)_body"
            let effects = "\(part.awaits ? "async " : "")throws"
            if chunks.count > 1 {
                source.generated("\(head)() \(effects) {\n")
                for chunk in chunks.indices { source.generated("try \(part.awaits ? "await " : "")\(part.function)_body\(chunk)()\n") }
                source.generated("}\n")
            }
            for (chunk, body) in chunks.enumerated() {
                source.generated("\(head)\(chunks.count > 1 ? String(chunk) : "")() \(effects) {\n")
                for piece in body {
                    switch piece {
                    case .generated(let text): source.generated(text)
                    case .original(let unit, let range, let edits): source.original(units[unit].bytes, unit: unit, range: range, edits: edits)
                    }
                }
                source.generated("}\n")
            }
            source.generated("@_cdecl(\"\(part.symbol)\") public func \(part.function)() -> Int32 {\n")
            let entry = onMainActor ? "runHostInput" : "runHostInputOutsideMainActor"
            let call = part.awaits ? "(quietly: \(part.quiet), async: { try await \(part.function)_body() })" : "(quietly: \(part.quiet)) { try \(part.function)_body() }"
            source.generated("\(Self.runtime).\(entry)\(call)\n}\n")
        }
        program = LibrarySource(units: units, source: source)
    }

    /// A piece of an entry point's body: generated text, or user text (mapped for diagnostics).
    private enum StatementPiece {
        case generated(String)
        case original(unit: Int, range: Range<Int>, edits: [SourceEdit])
    }

    private struct Translation {
        var statements: [StatementPiece] = []
        var declared: [(kind: String, name: String, signature: String?)] = []
        var declaresUnnamed = false
    }

    /// Declarations go to the file (`source`), statements to the entry point's body. With `results`
    /// (the results column's input) a binding is also a local of its own name, which the transform
    /// reports as `name = value`, and a `wb.…` call goes through `workbenchResult`.
    private static func translate(_ item: TopLevelItem, of unit: ProgramUnit, unit index: Int, live: Bool, shows: Bool,
                                  results: Bool, mode: SwiftLanguageMode, earlier: [String: String], source: inout MappedSource) -> Translation {
        var result = Translation()
        func statement(_ range: Range<Int>, edits: [SourceEdit] = []) { result.statements.append(.original(unit: index, range: range, edits: edits)) }
        func generated(_ text: String) { result.statements.append(.generated(text)) }
        switch item.kind {
        case .importDeclaration:
            break
        case .declaration:
            source.original(unit.bytes, unit: index, range: item.range)
            source.generated("\n")
            if let name = HostName.declaredName(item.syntax.item) {
                result.declared.append((name.kind, name.name, HostName.signature(of: item.syntax.item)))
            } else {
                result.declaresUnnamed = true
            }
        case .binding(_, let shownName, _):
            let declaration = item.syntax.item.as(DeclSyntax.self)?.as(VariableDeclSyntax.self)
            if let declaration, let deferred = DeferredBinding.of(declaration) {
                // `let d: Int?`, assigned by statements after it: nothing runs where it is declared.
                for binding in deferred { binding.declare(from: unit, unit: index, mode: mode, source: &source) }
                result.declared += deferred.map { ("var", $0.name, nil) }
                break
            }
            guard let variable = declaration,
                  variable.bindings.allSatisfy({ $0.initializer != nil && $0.accessorBlock == nil }) else {
                // A computed variable, or a `var` of optional type without a value (`nil` until
                // assigned, as a global may be): a declaration like any other.
                source.original(unit.bytes, unit: index, range: item.range)
                source.generated("\n")
                result.declared += PatternNames.of(variable: item.syntax.item).map { ("var", $0, nil) }
                break
            }
            let specifier = variable.bindingSpecifier.text
            // `async let`: a global cannot be a child task, so the value is awaited where the binding
            // is and the global holds it; `await a` later reads it as the one program does.
            let awaited = variable.isAsyncLet ? "try await " : ""
            for binding in variable.bindings {
                guard let initializer = binding.initializer?.value else { continue }
                let value = initializer.positionAfterSkippingLeadingTrivia.utf8Offset..<initializer.endPositionBeforeTrailingTrivia.utf8Offset
                let names = PatternNames.of(binding.pattern)
                guard let first = names.first else {
                    generated("_ = ")
                    statement(value)
                    generated("\n")
                    continue
                }
                let pattern = binding.pattern.positionAfterSkippingLeadingTrivia.utf8Offset..<binding.pattern.endPositionBeforeTrailingTrivia.utf8Offset
                // `let posts = posts.sorted()` reads the earlier `posts`: here the name is this global.
                let reads = EarlierValueReads.edits(in: initializer, names: Set(names), modules: earlier)
                // As at the top level of one program in Swift 6, a `var` is the main actor's; a `let` is
                // readable anywhere (the program also allows it when its type is Sendable). In Swift 5
                // a function or a completion handler may change a top-level `var` from anywhere.
                let isolation = specifier == "var" && mode == .swift6 ? "@MainActor" : "nonisolated(unsafe)"
                source.generated("\(isolation) \(specifier) ")
                source.original(unit.bytes, unit: index, range: pattern)
                let annotation = binding.typeAnnotation.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
                if let type = binding.typeAnnotation?.type {
                    source.generated(": ")
                    source.original(unit.bytes, unit: index, range: type.positionAfterSkippingLeadingTrivia.utf8Offset..<type.endPositionBeforeTrailingTrivia.utf8Offset)
                    source.generated(" = \(values).take()\n")
                } else {
                    source.generated(" = \(values).take(\(values).type { \(awaited)")
                    source.original(unit.bytes, unit: index, range: value, edits: reads)
                    source.generated(" })\n")
                }
                // The value is computed into a local (named as the binding for the results column,
                // whose transform reports `name = value` at the name) and handed to the global.
                let local = results && binding.pattern.is(IdentifierPatternSyntax.self)
                // An `if` or `switch` expression may be a binding's value, never a call's argument.
                let inner = initializer.withoutTryAndAwait
                let branches = inner.is(IfExprSyntax.self) || inner.is(SwitchExprSyntax.self)
                if local || annotation != nil || branches {
                    generated("do { let ")
                    if local { statement(pattern) } else { generated("__wb_value") }
                    if let annotation { statement(annotation) }
                    generated(" = \(awaited)")
                    statement(value, edits: reads)
                    generated("\n\(values).hand(\(local ? binding.pattern.trimmedDescription : "__wb_value")) }\n")
                } else {
                    generated("\(values).hand(\(awaited)")
                    statement(value, edits: reads)
                    generated(")\n")
                }
                generated("_ = \(first)\n")
                result.declared += names.map { (specifier, $0, nil) }
            }
            if live, shows, let shownName {
                generated("\(runtime).show(\(shownName), source: \(SwiftLiteral.quoted(shownName)))\n")
            }
        case .expression(let expression, let shown) where live && shown && shows:
            generated("do { let __wb_value = ")
            statement(item.range)
            generated("\n\(runtime).show(__wb_value, source: \(SwiftLiteral.quoted(SummarySource.of(expression)))) }\n")
        case .guardStatement:
            guard let guardStatement = item.syntax.item.as(StmtSyntax.self)?.as(GuardStmtSyntax.self) else { break }
            let globals = GuardGlobals(guardStatement, of: unit, unit: index, mode: mode, earlier: earlier, source: &source)
            statement(item.range, edits: (results ? WorkbenchCallWrapper.edits(in: item) : []) + globals.edits)
            generated("\n" + globals.after)
            result.declared += globals.names.map { ($0.specifier, $0.name, nil) }
        case .expression, .statement:
            statement(item.range, edits: results ? WorkbenchCallWrapper.edits(in: item) : [])
            generated("\n")
        }
        return result
    }
}

/// A name a library declares at the top level, with the keyword a scoped import of it uses.
struct HostName: Equatable {
    /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `let`, `var`.
    let kind: String
    let name: String
    /// Which of the library's units declared it.
    let unit: Int
    /// A function's generic parameters, labels and parameter types: one of another signature is an
    /// overload beside it, not its replacement (`HostImports.overloaded`).
    var signature: String? = nil

    /// The name and import keyword of a declaration that can be imported by name; nil for an
    /// extension, an operator or an actor (reached through the whole-module import).
    static func declaredName(_ item: CodeBlockItemSyntax.Item) -> (kind: String, name: String)? {
        guard let decl = item.as(DeclSyntax.self), let named = decl.asProtocol(NamedDeclSyntax.self) else { return nil }
        let kind: String
        switch decl.kind {
        case .structDecl: kind = "struct"
        case .classDecl: kind = "class"
        case .enumDecl: kind = "enum"
        case .protocolDecl: kind = "protocol"
        case .typeAliasDecl: kind = "typealias"
        case .functionDecl: kind = "func"
        default: return nil
        }
        return (kind, named.name.text)
    }
}

extension HostName {
    /// A function's signature, as `signature` keeps it (spaces left out); nil for anything else.
    /// Not its result type nor its effects: a function typed again with another result (`-> String`
    /// for `-> Int`) or `throws` added is the same function changed, as at a prompt one means it.
    static func signature(of item: CodeBlockItemSyntax.Item) -> String? {
        guard let function = item.as(DeclSyntax.self)?.as(FunctionDeclSyntax.self) else { return nil }
        let parameters = function.signature.parameterClause.parameters.map { parameter in
            "\(parameter.firstName.text):\(parameter.type.trimmedDescription)\(parameter.ellipsis?.text ?? "")"
        }
        let text = (function.genericParameterClause?.trimmedDescription ?? "") + "(\(parameters.joined(separator: ",")))"
            + (function.genericWhereClause?.trimmedDescription ?? "")
        return String(text.filter { !$0.isWhitespace })
    }
}

extension PatternNames {
    /// The names a `let`/`var` declaration item binds.
    static func of(variable item: CodeBlockItemSyntax.Item) -> [String] {
        item.as(DeclSyntax.self)?.as(VariableDeclSyntax.self)?.bindings.flatMap { of($0.pattern) } ?? []
    }
}

/// In a binding's value, the uses of a name the binding itself declares, qualified with the module
/// of that name's earlier declaration. A member (`x.posts`) is not such a use.
enum EarlierValueReads {
    static func edits(in value: ExprSyntax, names: Set<String>, modules: [String: String]) -> [SourceEdit] {
        let wanted = names.filter { modules[$0] != nil }
        guard !wanted.isEmpty else { return [] }
        let finder = Finder(names: wanted, viewMode: .sourceAccurate)
        finder.walk(value)
        return finder.found.map { token in
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            return SourceEdit(range: start..<start, text: "\(modules[token.text]!).")
        }
    }

    private final class Finder: SyntaxVisitor {
        let names: Set<String>
        var found: [TokenSyntax] = []

        init(names: Set<String>, viewMode: SyntaxTreeViewMode) {
            self.names = names
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let isMember = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
            if names.contains(node.baseName.text), !isMember { found.append(node.baseName) }
            return .visitChildren
        }
    }
}
