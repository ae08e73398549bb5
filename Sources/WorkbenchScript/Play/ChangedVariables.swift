internal import SwiftSyntax

/// The variables a statement declares, and those it may change: the name at the root of what it
/// assigns (`total += p.id`, `point.x = 1`, `list[0] = 2`), passes `inout` (`&total`) or calls a
/// method on (`list.append(3)`, which may be mutating: the types are not known here). `play` needs
/// them so that a statement it runs again never finds a variable changed by the old one.
enum ChangedVariables {
    /// The names `item` declares at its top level that a later statement can change: those of a
    /// `var`, and those of a `let` that holds a new instance of one of `classes` (a class's
    /// properties change through a `let`; a `let` of any other value cannot change, and the
    /// types of other initial values are not known here).
    static func declared(by item: CodeBlockItemSyntax, classes: Set<String> = []) -> Set<String> {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return [] }
        let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
        return Set(variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            return isVar || holdsInstance(of: classes, binding) ? name : nil
        })
    }

    /// The classes and actors `items` declare at their top level.
    static func classes(in items: some Sequence<CodeBlockItemSyntax>) -> Set<String> {
        Set(items.compactMap { item in
            item.item.as(ClassDeclSyntax.self)?.name.text ?? item.item.as(ActorDeclSyntax.self)?.name.text
        })
    }

    /// `let c = Counter()`, `let c: Counter = .init()`, `let c = Counter.init(start: 1)`.
    private static func holdsInstance(of classes: Set<String>, _ binding: PatternBindingSyntax) -> Bool {
        guard !classes.isEmpty else { return false }
        if let annotated = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self), classes.contains(annotated.name.text) { return true }
        guard var called = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression else { return false }
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { called = base }
        return called.as(DeclReferenceExprSyntax.self).map { classes.contains($0.baseName.text) } ?? false
    }

    /// The names whose value `item` may change.
    static func changed(by item: some SyntaxProtocol) -> Set<String> {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(item)
        return finder.names
    }

    private final class Finder: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where index > 0 && Self.assigns(element) {
                if let name = Self.root(of: elements[index - 1]) { names.insert(name) }
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if Self.assigns(node.operator), let name = Self.root(of: node.leftOperand) { names.insert(name) }
            return .visitChildren
        }

        override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = Self.root(of: node.expression) { names.insert(name) }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, let name = Self.root(of: base) {
                names.insert(name)
            }
            return .visitChildren
        }

        /// `=`, or a compound assignment (`+=`, `<<=`); not a comparison.
        private static func assigns(_ symbol: ExprSyntax) -> Bool {
            if symbol.is(AssignmentExprSyntax.self) { return true }
            guard let text = symbol.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
        }

        /// The name a chain of members, subscripts and `?`/`!` starts from (`a` in `a.b[0]?.c`).
        private static func root(of expression: ExprSyntax) -> String? {
            if let name = expression.as(DeclReferenceExprSyntax.self) { return name.baseName.text }
            if let member = expression.as(MemberAccessExprSyntax.self) { return member.base.flatMap(root) }
            if let subscripted = expression.as(SubscriptCallExprSyntax.self) { return root(of: subscripted.calledExpression) }
            if let optional = expression.as(OptionalChainingExprSyntax.self) { return root(of: optional.expression) }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { return root(of: forced.expression) }
            return nil
        }
    }
}
