internal import SwiftSyntax

// Questions both engines and the step log ask of the user's Swift, answered in one place.

extension ExprSyntax {
    /// The expression inside any `try` and `await` (`try await wb.get("/x")` → `wb.get("/x")`).
    var withoutTryAndAwait: ExprSyntax {
        if let node = self.as(TryExprSyntax.self) { return node.expression.withoutTryAndAwait }
        if let node = self.as(AwaitExprSyntax.self) { return node.expression.withoutTryAndAwait }
        return self
    }

    /// Whether it calls a method of the session's `wb` (`wb.get(…)`, `try await wb.send()`): a
    /// WorkbenchKit statement, which prints its own results.
    var callsWorkbench: Bool {
        guard let call = withoutTryAndAwait.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return base.baseName.text == "wb"
    }
}

extension DeclSyntax {
    /// A struct or enum that states `Codable` or `Decodable`: a model.
    var statesCodable: Bool {
        let clause = self.as(StructDeclSyntax.self)?.inheritanceClause ?? self.as(EnumDeclSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.contains { ["Codable", "Decodable"].contains($0.type.trimmedDescription) } ?? false
    }
}
