internal import SwiftParser
internal import SwiftSyntax

/// One top-level item of an input (a declaration, a binding, an expression, a statement), as the
/// program generator needs to see it.
struct TopLevelItem {
    enum Kind {
        /// A type, function, extension or operator; `key` names what a later declaration replaces.
        case declaration(key: String)
        case importDeclaration
        /// `let`/`var`; `shownName` is the one identifier of `let NAME = EXPR` (shown after it runs).
        case binding(names: [String], shownName: String?, initializer: ExprSyntax?)
        /// `guard … else { … }` at the top level: its names are the rest of the program's, so it is
        /// never wrapped, and they are globals for later inputs (`GuardGlobals`).
        case guardStatement(names: [String])
        /// An expression statement; an assignment or a `wb.…` call is never shown.
        case expression(ExprSyntax, shown: Bool)
        /// `if`, `for`, `while`, `switch`, `do`, `throw`, …
        case statement
    }

    let syntax: CodeBlockItemSyntax
    let kind: Kind
    /// Whether an error can leave it at the top level (a `try` outside closures, functions and `do/catch`).
    let throwsAtTopLevel: Bool
    /// Whether it contains an `await` outside closures and functions.
    let awaitsAtTopLevel: Bool

    /// The item's own text range (UTF-8 offsets in its source), without surrounding trivia and `;`.
    var range: Range<Int> {
        syntax.item.positionAfterSkippingLeadingTrivia.utf8Offset..<syntax.item.endPositionBeforeTrailingTrivia.utf8Offset
    }

    init(_ syntax: CodeBlockItemSyntax) {
        self.syntax = syntax
        let effects = TopLevelEffects(viewMode: .sourceAccurate)
        effects.walk(syntax.item)
        throwsAtTopLevel = effects.throwsOut
        awaitsAtTopLevel = effects.awaits
        kind = Self.kind(of: syntax.item)
    }

    /// Whether what it does reaches the rest of the function it is in: a `guard`'s names, a
    /// `defer`'s work at the function's end.
    var keepsTheRestOfItsFunction: Bool {
        if case .guardStatement = kind { return true }
        return syntax.item.as(StmtSyntax.self)?.is(DeferStmtSyntax.self) == true
    }

    /// Names this item binds at the top level.
    var boundNames: [String] {
        switch kind {
        case .binding(let names, _, _), .guardStatement(let names): names
        default: []
        }
    }

    private static func kind(of item: CodeBlockItemSyntax.Item) -> Kind {
        switch item {
        case .decl(let decl):
            if decl.is(ImportDeclSyntax.self) { return .importDeclaration }
            if let variable = decl.as(VariableDeclSyntax.self) { return binding(variable) }
            return .declaration(key: declarationKey(decl))
        case .stmt(let statement):
            if let guardStatement = statement.as(GuardStmtSyntax.self) {
                return .guardStatement(names: guardStatement.conditions.flatMap { condition -> [String] in
                    guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self) else { return [] }
                    return PatternNames.of(binding.pattern)
                })
            }
            if let expression = statement.as(ExpressionStmtSyntax.self) {
                return .expression(expression.expression, shown: isShown(expression.expression))
            }
            return .statement
        case .expr(let expression):
            return .expression(expression, shown: isShown(expression))
        }
    }

    private static func binding(_ variable: VariableDeclSyntax) -> Kind {
        let names = variable.bindings.flatMap { PatternNames.of($0.pattern) }
        // An `async let` is not shown: its value is the child task's, read with `await`.
        guard !variable.isAsyncLet, variable.bindings.count == 1, let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
              binding.accessorBlock == nil, let value = binding.initializer?.value
        else {
            let initializer = variable.bindings.count == 1 ? variable.bindings.first?.initializer?.value : nil
            return .binding(names: names, shownName: nil, initializer: initializer)
        }
        return .binding(names: names, shownName: value.callsWorkbench ? nil : identifier.identifier.text, initializer: value)
    }

    /// Whether an expression statement's value is shown: not for assignments (their type is `Void`)
    /// nor for `wb.…` calls, which print their own results.
    /// An `if` or `switch` written as a statement is one, as in a compiled file: nothing to show.
    private static func isShown(_ expression: ExprSyntax) -> Bool {
        !isAssignment(expression) && !expression.callsWorkbench && !expression.is(IfExprSyntax.self)
            && !expression.is(SwitchExprSyntax.self)
    }

    static func isAssignment(_ expression: ExprSyntax) -> Bool {
        let inner = expression.withoutTryAndAwait
        if inner.is(AssignmentExprSyntax.self) { return true }
        guard let sequence = inner.as(SequenceExprSyntax.self) else { return false }
        return sequence.elements.contains { element in
            if element.is(AssignmentExprSyntax.self) { return true }
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
        }
    }

    /// What a later declaration of the same thing replaces: `type Post`, `func f(_:x:)`, an
    /// extension of the same type with the same member names.
    private static func declarationKey(_ decl: DeclSyntax) -> String {
        if let named = decl.asProtocol(NamedDeclSyntax.self) {
            if let function = decl.as(FunctionDeclSyntax.self) {
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                return "func \(named.name.text)(\(labels))"
            }
            return "type \(named.name.text)"
        }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let members = extensionDecl.memberBlock.members.map { member -> String in
                if let named = member.decl.asProtocol(NamedDeclSyntax.self) { return named.name.text }
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    return variable.bindings.map { $0.pattern.trimmedDescription }.joined(separator: ",")
                }
                return member.decl.trimmedDescription
            }
            let conformances = extensionDecl.inheritanceClause?.trimmedDescription ?? ""
            return "extension \(extensionDecl.extendedType.trimmedDescription)\(conformances) {\(members.sorted().joined(separator: ";"))}"
        }
        return decl.trimmedDescription
    }
}

extension VariableDeclSyntax {
    /// `async let NAME = VALUE`: a child task, its value read with `await`.
    var isAsyncLet: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.async) } }
}

/// The identifiers a pattern binds: `x`, `(a, b)`, `let (a, _)`.
enum PatternNames {
    static func of(_ pattern: PatternSyntax) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier.text] }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.flatMap { of($0.pattern) } }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return of(binding.pattern) }
        return []
    }
}

/// The identifiers a piece of Swift mentions (types, functions, values): what the host imports
/// for an input, and the declarations `save --steps` keeps for the chosen statements.
public enum MentionedNames {
    static func of(_ syntax: some SyntaxProtocol) -> Set<String> {
        Set(syntax.tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        })
    }
}

/// Finds a `try` (or `throw`) that can leave an item and an `await` in it, outside closures,
/// nested functions and types; a `do` with `catch` clauses keeps its body's errors.
private final class TopLevelEffects: SyntaxVisitor {
    var throwsOut = false
    var awaits = false

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { throwsOut = true }
        return .visitChildren
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        throwsOut = true
        return .visitChildren
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        awaits = true
        return .visitChildren
    }

    /// `async let` needs an async context, as an `await` does.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.isAsyncLet { awaits = true }
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.tryKeyword != nil { throwsOut = true }
        if node.awaitKeyword != nil { awaits = true }
        return .visitChildren
    }

    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        guard !node.catchClauses.isEmpty else { return .visitChildren }
        let body = TopLevelEffects(viewMode: .sourceAccurate)
        body.walk(node.body)
        awaits = awaits || body.awaits
        walk(node.catchClauses)
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
