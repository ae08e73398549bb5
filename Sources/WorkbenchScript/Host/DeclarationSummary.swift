internal import SwiftSyntax

/// What the prompt prints for a declaration it ran on the compiled path, as for one on the fast
/// path: `defined Post (3 properties)` for a Codable model, `defined square`, `extended Post`.
enum DeclarationSummary {
    /// One line per top-level declaration of an input the host ran (parsed once, with it), in order.
    static func lines(for step: LoggedStep?) -> [String] {
        step?.unit.items.compactMap { $0.syntax.item.as(DeclSyntax.self).flatMap(line(for:)) } ?? []
    }

    static func line(for declaration: DeclSyntax) -> String? {
        if let node = declaration.as(ExtensionDeclSyntax.self) { return "extended \(node.extendedType.trimmedDescription)" }
        if let node = declaration.as(StructDeclSyntax.self) {
            guard declaration.statesCodable else { return "defined \(node.name.text)" }
            let count = node.memberBlock.members.reduce(0) { total, member in
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      !variable.modifiers.contains(where: { $0.name.text == "static" }) else { return total }
                return total + variable.bindings.filter { $0.accessorBlock == nil }.count
            }
            return "defined \(node.name.text) (\(count) \(count == 1 ? "property" : "properties"))"
        }
        if let node = declaration.as(EnumDeclSyntax.self) {
            guard declaration.statesCodable else { return "defined \(node.name.text)" }
            let count = node.memberBlock.members.reduce(0) { total, member in
                total + (member.decl.as(EnumCaseDeclSyntax.self)?.elements.count ?? 0)
            }
            return "defined \(node.name.text) (\(count) \(count == 1 ? "case" : "cases"))"
        }
        if let node = declaration.as(ClassDeclSyntax.self) { return "defined \(node.name.text)" }
        if let node = declaration.as(ProtocolDeclSyntax.self) { return "defined \(node.name.text)" }
        if let node = declaration.as(ActorDeclSyntax.self) { return "defined \(node.name.text)" }
        if let node = declaration.as(TypeAliasDeclSyntax.self) { return "defined \(node.name.text)" }
        if let node = declaration.as(FunctionDeclSyntax.self) { return "defined \(node.name.text)" }
        return nil
    }
}
