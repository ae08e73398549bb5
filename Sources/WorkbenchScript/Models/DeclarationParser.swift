import ModelRuntime
internal import SwiftParser
internal import SwiftSyntax

/// Parses Swift `struct`/`enum` declarations into model schemas with swift-syntax.
public enum DeclarationParser {
    /// The declarations in `source`; imports are skipped, anything else is an error naming the construct.
    /// Positions (in errors and in the declarations) count from `origin`, where `source` starts in its file.
    public static func parse(_ source: String, origin: SourceOrigin = .start) throws(ModelSourceError) -> [ModelDeclaration] {
        func failure(_ first: FirstSyntaxError) -> ModelSourceError {
            let position = origin.position(line: first.line, column: first.column)
            return ModelSourceError(
                first.message, line: position.line, column: position.column,
                excerpt: ModelSourceError.excerpt(of: source, line: first.line, column: first.column))
        }
        let tree: SourceFileSyntax
        do {
            tree = try GuardedParse.file(source)
        } catch {
            throw failure(error)
        }
        return try declarations(in: tree, source: source, origin: origin)
    }

    /// The declaration `item` of a tree parsed already (an input's), as `parse` reads its text.
    /// A tree deeper than `GuardedParse` lets through is refused as a parse of the text would be.
    static func parse(_ item: CodeBlockItemSyntax, origin: SourceOrigin = .start) throws(ModelSourceError) -> [ModelDeclaration] {
        let alone = item.trimmed
        let tree = SourceFileSyntax(statements: CodeBlockItemListSyntax([alone]), endOfFileToken: .endOfFileToken())
        let source = alone.description
        if let first = GuardedParse.tooDeep(Syntax(tree), source: source) {
            throw ModelSourceError(first.message, line: origin.position(line: first.line, column: first.column).line,
                                   column: origin.position(line: first.line, column: first.column).column,
                                   excerpt: ModelSourceError.excerpt(of: source, line: first.line, column: first.column))
        }
        return try declarations(in: tree, source: source, origin: origin)
    }

    private static func declarations(in tree: SourceFileSyntax, source: String, origin: SourceOrigin) throws(ModelSourceError) -> [ModelDeclaration] {
        func failure(_ first: FirstSyntaxError) -> ModelSourceError {
            let position = origin.position(line: first.line, column: first.column)
            return ModelSourceError(
                first.message, line: position.line, column: position.column,
                excerpt: ModelSourceError.excerpt(of: source, line: first.line, column: first.column))
        }
        let converter = SourceLocationConverter(fileName: "input", tree: tree)
        if let first = FirstSyntaxError(in: tree, converter: converter) { throw failure(first) }
        let reader = DeclarationReader(converter: converter, origin: origin)
        var result: [ModelDeclaration] = []
        for item in tree.statements {
            switch item.item {
            case .decl(let decl):
                if decl.is(ImportDeclSyntax.self) { continue }
                result.append(try reader.declaration(decl))
            case .stmt, .expr:
                throw reader.error("'\(item.trimmedDescription.prefix(30))' is not a declaration", at: item)
            }
        }
        return result
    }

    /// True when `source` parses as Swift declarations (the first word is `struct`, `enum`, …).
    public static func looksLikeDeclaration(_ source: String) -> Bool {
        let first = source.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).prefix { $0.isLetter || $0 == "@" }
        return ["struct", "enum", "class", "protocol", "extension", "actor", "typealias", "func", "import",
                "final", "public", "private", "internal", "fileprivate", "indirect", "@"].contains(String(first))
            || first.hasPrefix("@")
    }
}

extension TokenSyntax {
    /// The identifier without the backticks that let it be a keyword (`` `default` `` → `default`).
    var plainName: String { text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text }
}

/// Where an input starts in the text it came from: 1:1 at the prompt, a statement's place in a snippet.
public struct SourceOrigin: Equatable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourceOrigin(line: 1, column: 1)

    /// The position in the whole text of `line:column` in the input (only its first line is indented).
    func position(line: Int, column: Int) -> (line: Int, column: Int) {
        (self.line + line - 1, line == 1 ? self.column + column - 1 : column)
    }
}

/// Walks one declaration's syntax tree and builds its schema.
struct DeclarationReader {
    let converter: SourceLocationConverter
    var origin = SourceOrigin.start

    /// Where `node` starts (after its leading trivia), counted from `origin`.
    func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = node.startLocation(converter: converter)
        return origin.position(line: location.line, column: location.column)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        position(of: node).line
    }

    func error(_ message: String, at node: some SyntaxProtocol) -> ModelSourceError {
        let position = position(of: node)
        return ModelSourceError(message, line: position.line, column: position.column)
    }

    func declaration(_ decl: DeclSyntax) throws(ModelSourceError) -> ModelDeclaration {
        if let node = decl.as(StructDeclSyntax.self) { return try structure(node) }
        if let node = decl.as(EnumDeclSyntax.self) { return try enumeration(node) }
        if let node = decl.as(TypeAliasDeclSyntax.self) { return try alias(node) }
        throw error("\(constructName(decl)) is not supported yet; declare a struct or an enum", at: decl)
    }

    func constructName(_ decl: DeclSyntax) -> String {
        switch decl.kind {
        case .classDecl: "'class'"
        case .protocolDecl: "'protocol'"
        case .extensionDecl: "'extension'"
        case .actorDecl: "'actor'"
        case .typeAliasDecl: "'typealias'"
        case .functionDecl: "a function"
        case .variableDecl: "a variable"
        case .macroExpansionDecl: "a macro"
        case .ifConfigDecl: "'#if'"
        default: "'\(decl.trimmedDescription.prefix(20))'"
        }
    }

    func checkPlain(_ attributes: AttributeListSyntax, _ generics: GenericParameterClauseSyntax?, name: String,
                    in node: some SyntaxProtocol) throws(ModelSourceError) {
        if let attribute = attributes.first {
            throw error("attribute '\(attribute.trimmedDescription)' on '\(name)' is not supported yet", at: attribute)
        }
        if let generics {
            throw error("generic type '\(name)\(generics.trimmedDescription)' is not supported yet", at: node)
        }
    }

    func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    }

    func structure(_ node: StructDeclSyntax) throws(ModelSourceError) -> ModelDeclaration {
        let name = node.name.plainName
        try checkPlain(node.attributes, node.genericParameterClause, name: name, in: node)
        var model = ModelDeclaration(kind: .structure, name: name, line: line(of: node))
        model.inherited = inheritedNames(node.inheritanceClause)
        for member in node.memberBlock.members {
            try self.member(member.decl, into: &model)
        }
        return model
    }

    func enumeration(_ node: EnumDeclSyntax) throws(ModelSourceError) -> ModelDeclaration {
        let name = node.name.plainName
        try checkPlain(node.attributes, node.genericParameterClause, name: name, in: node)
        var model = ModelDeclaration(kind: .enumeration, name: name, line: line(of: node))
        model.inherited = inheritedNames(node.inheritanceClause)
        if let first = node.inheritanceClause?.inheritedTypes.first,
           let type = ModelType.builtin(first.type.trimmedDescription) {
            guard type == .string || { if case .integer = type { true } else { false } }() else {
                throw error("raw type '\(first.type.trimmedDescription)' is not supported yet; use String or Int", at: first)
            }
            model.rawType = type
        }
        for member in node.memberBlock.members {
            if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                try cases(caseDecl, into: &model)
            } else {
                try self.member(member.decl, into: &model)
            }
        }
        return model
    }

    func cases(_ node: EnumCaseDeclSyntax, into model: inout ModelDeclaration) throws(ModelSourceError) {
        if let attribute = node.attributes.first {
            throw error("attribute '\(attribute.trimmedDescription)' is not supported yet", at: attribute)
        }
        for element in node.elements {
            if element.parameterClause != nil {
                throw error("enum case '\(element.name.plainName)' with associated values is not supported yet", at: element)
            }
            var raw: LiteralValue?
            if let value = element.rawValue?.value {
                raw = try literal(value)
            }
            model.cases.append(EnumCase(name: element.name.plainName, rawValue: raw, line: line(of: element)))
        }
    }

    func member(_ decl: DeclSyntax, into model: inout ModelDeclaration) throws(ModelSourceError) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            try self.variable(variable, into: &model)
        } else if let nested = decl.as(EnumDeclSyntax.self), nested.name.text == "CodingKeys",
                  model.kind == .structure {
            model.codingKeys = try codingKeys(nested)
        } else if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) {
            model.nested.append(try declaration(decl))
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            let parameters = initializer.signature.parameterClause.parameters
            if parameters.count == 1, let only = parameters.first, only.firstName.text == "from" {
                throw error("a custom 'init(from:)' in '\(model.name)' is not supported yet", at: decl)
            }
            model.keptMembers.append(keptSource(decl))
        } else if decl.is(FunctionDeclSyntax.self) || decl.is(SubscriptDeclSyntax.self) {
            model.keptMembers.append(keptSource(decl))
        } else if decl.is(EnumCaseDeclSyntax.self) {
            throw error("'case' is only allowed in an enum", at: decl)
        } else {
            throw error("\(constructName(decl)) inside '\(model.name)' is not supported yet", at: decl)
        }
    }

    /// A member's source with its continuation lines dedented by the member's own column.
    func keptSource(_ node: some SyntaxProtocol) -> String {
        let column = node.startLocation(converter: converter).column - 1
        let lines = node.trimmedDescription.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            guard index > 0 else { return String(line) }
            let spaces = line.prefix(while: { $0 == " " }).count
            return String(line.dropFirst(min(spaces, column)))
        }.joined(separator: "\n")
    }

    func codingKeys(_ node: EnumDeclSyntax) throws(ModelSourceError) -> [CodingKeyCase] {
        var keys: [CodingKeyCase] = []
        for member in node.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else {
                throw error("only cases are supported in 'CodingKeys'", at: member)
            }
            for element in caseDecl.elements {
                var key = element.name.plainName
                if let value = element.rawValue?.value {
                    guard case .string(let text) = try literal(value) else {
                        throw error("a CodingKeys raw value must be a string literal", at: value)
                    }
                    key = text
                }
                keys.append(CodingKeyCase(name: element.name.plainName, key: key))
            }
        }
        return keys
    }
}
