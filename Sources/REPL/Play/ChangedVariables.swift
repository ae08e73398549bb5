import SwiftSyntax

/// The `var`s a statement declares, and those it may change: the name at the root of what it
/// assigns (`total += p.id`, `point.x = 1`, `list[0] = 2`), passes `inout` (`&total`) or calls a
/// method on (`list.append(3)`, which may be mutating: the types are not known here). `play` needs
/// them so that a statement it runs again never finds a `var` changed by the old one.
enum ChangedVariables {
    /// The names `item` declares with `var` at its top level.
    static func declared(by item: CodeBlockItemSyntax) -> Set<String> {
        guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var) else { return [] }
        return Set(variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
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
