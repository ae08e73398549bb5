internal import SwiftSyntax

/// What `save` reads of each top-level item of a Swift step: a declaration is kept once, in its
/// latest form, with what it makes known and mentions (so chosen steps keep the declarations they
/// need); a statement is written in its snippet form.
extension SwiftItem {
    /// The name a declaration is kept under (a type, a function with its signature, a type alias,
    /// an extension's whole text); nil for statements.
    public var savedName: String? {
        guard let declaration = syntax.item.as(DeclSyntax.self) else { return nil }
        if let node = declaration.as(StructDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ClassDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ProtocolDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ActorDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(TypeAliasDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(FunctionDeclSyntax.self) { return node.name.text + node.signature.trimmedDescription }
        if let node = declaration.as(ExtensionDeclSyntax.self) { return "extension " + node.trimmedDescription }
        return nil
    }

    /// The names a declaration makes known: a type's or function's name, an extension's type.
    public var namesMadeKnown: Set<String> {
        guard let declaration = syntax.item.as(DeclSyntax.self) else { return [] }
        if let node = declaration.as(ExtensionDeclSyntax.self) { return MentionedNames.of(node.extendedType) }
        if let node = declaration.as(FunctionDeclSyntax.self) { return [node.name.text] }
        return savedName.map { [$0] } ?? []
    }

    /// The names it mentions.
    public var mentionedNames: Set<String> { MentionedNames.of(syntax) }

    /// Whether it is `wb.spec(…)`, which a snippet needs WorkbenchSpec for.
    public var callsSpec: Bool { SwiftRunner.isSpecCall(syntax) }

    /// An expression whose value the prompt showed is printed in a snippet (`posts.count` →
    /// `print(posts.count)`, `neighbours.map(\.name)` → `print(neighbours.map(\.name))`), so the
    /// snippet shows it too; a `Void` call, an assignment and statements are kept as typed.
    /// `shown` holds the labels of the values the step showed; without them (a step recorded
    /// without running) expressions other than calls and operators are taken as shown.
    public func savedForm(shown: [String]? = nil) -> String {
        let text = self.text
        guard let expression = syntax.item.as(ExprSyntax.self) else { return text }
        if let shown {
            // The fast path labels a value with the expression as typed, the compiled path with its
            // lines joined by spaces (`SummarySource.of`): compare both that way.
            let label = Self.oneLine(expression.trimmedDescription)
            return shown.contains { Self.oneLine($0) == label } ? "print(\(expression.trimmedDescription))" : text
        }
        if expression.is(FunctionCallExprSyntax.self) || expression.is(TryExprSyntax.self) || expression.is(AwaitExprSyntax.self)
            || expression.is(InfixOperatorExprSyntax.self) || expression.is(ClosureExprSyntax.self) {
            return text
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.contains(where: Self.assigns) {
            return text
        }
        return "print(\(text))"
    }

    /// `=` or a compound assignment (`+=`), not `==`.
    private static func assigns(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) { return true }
        guard let operation = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return operation.hasSuffix("=") && operation != "=="
    }

    /// `text` with each line trimmed and the lines joined by one space.
    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension MentionedNames {
    /// The names `source` mentions.
    public static func of(source: String) -> Set<String> {
        of(SwiftParse.file(source))
    }
}
