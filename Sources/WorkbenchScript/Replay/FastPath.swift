import SwiftSyntax

/// Which top-level items the in-process interpreter takes: the forms whose side effects happen only
/// after everything they need was evaluated, so a construct found unsupported half-way has changed
/// nothing and the compiled path can run the item instead. Loops, conditionals, closures, operators
/// and declarations other than models go to the compiled path.
public enum FastPath {
    public static func covers(_ item: CodeBlockItemSyntax) -> Bool {
        switch item.item {
        case .expr(let expression): return covers(topLevel: expression)
        case .stmt(let statement):
            guard let expression = statement.as(ExpressionStmtSyntax.self)?.expression else { return false }
            return covers(topLevel: expression)
        case .decl(let declaration):
            if declaration.is(ImportDeclSyntax.self) { return true }
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first, binding.pattern.is(IdentifierPatternSyntax.self),
                  binding.typeAnnotation == nil, let initial = binding.initializer?.value else { return false }
            return covers(topLevel: initial)
        }
    }

    /// A `Codable`/`Decodable` struct or enum: a model the interpreter declares and decodes into;
    /// or a `typealias` of a type over models (`typealias Posts = [Post]`), which `decode` may name.
    public static func isModel(_ item: CodeBlockItemSyntax) -> Bool {
        guard let declaration = item.item.as(DeclSyntax.self) else { return false }
        if DeclarationParser.isModelAlias(declaration) { return true }
        let clause = declaration.as(StructDeclSyntax.self)?.inheritanceClause ?? declaration.as(EnumDeclSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.contains { ["Codable", "Decodable"].contains($0.type.trimmedDescription) } ?? false
    }

    /// An expression item: a `wb.…` call may only be the whole expression (its result is not used
    /// further, so it runs last).
    static func covers(topLevel expression: ExprSyntax) -> Bool {
        var inner = expression
        while true {
            if let node = inner.as(TryExprSyntax.self) { inner = node.expression } else if let node = inner.as(AwaitExprSyntax.self) { inner = node.expression } else { break }
        }
        let scanner = Scanner(topLevelCall: inner.as(FunctionCallExprSyntax.self).map(Syntax.init))
        scanner.walk(expression)
        return scanner.covered
    }

    private final class Scanner: SyntaxAnyVisitor {
        let topLevelCall: Syntax?
        var covered = true

        init(topLevelCall: Syntax?) {
            self.topLevelCall = topLevelCall
            super.init(viewMode: .sourceAccurate)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .closureExpr, .ifExpr, .switchExpr, .keyPathExpr, .ternaryExpr, .asExpr, .isExpr, .arrayExpr,
                 .tupleExpr where node.as(TupleExprSyntax.self)?.elements.count != 1,
                 .prefixOperatorExpr, .postfixOperatorExpr, .forceUnwrapExpr, .macroExpansionExpr:
                covered = false
            case .binaryOperatorExpr where node.as(BinaryOperatorExprSyntax.self)?.operator.text != "??":
                covered = false
            case .functionCallExpr:
                let call = node.cast(FunctionCallExprSyntax.self)
                if call.trailingClosure != nil { covered = false }
                if call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "wb",
                   node != topLevelCall {
                    covered = false
                }
            default: break
            }
            return covered ? .visitChildren : .skipChildren
        }
    }
}
