import ModelRuntime
internal import SwiftSyntax

extension DeclarationReader {
    /// `typealias Posts = [Post]`: a name for a type over the declared models.
    func alias(_ node: TypeAliasDeclSyntax) throws(ModelSourceError) -> ModelDeclaration {
        let name = node.name.plainName
        try checkPlain(node.attributes, node.genericParameterClause, name: name, in: node)
        var model = ModelDeclaration(kind: .alias, name: name, line: line(of: node))
        model.aliased = try modelType(node.initializer.value)
        model.aliasReferences = typeReferences(in: node.initializer.value)
        return model
    }
}

extension DeclarationParser {
    /// Whether `declaration` is a `typealias` the model parser reads (no generics, no attributes, a
    /// type built from models, optionals, arrays and dictionaries). Such an alias is declared with
    /// the models, so that `decode` and other declarations can name it; any other alias
    /// (`typealias Handler = (Int) -> Void`) is left to the compiler.
    static func isModelAlias(_ declaration: DeclSyntax) -> Bool {
        guard let node = declaration.as(TypeAliasDeclSyntax.self), node.attributes.isEmpty,
              node.genericParameterClause == nil else { return false }
        let reader = DeclarationReader(converter: SourceLocationConverter(fileName: "alias", tree: node.root))
        return (try? reader.modelType(node.initializer.value)) != nil
    }
}
