internal import SwiftSyntax

/// In one program every top-level type, function, extension and operator is visible to all its
/// statements, also to those above it. A page replayed with `--step` runs statement by statement,
/// so before each statement the declarations further down that it needs are declared first: those
/// declaring or extending a name it mentions (an overload of a function it calls, a conformance of a
/// type it makes), then what those mention in turn.
///
/// Only what a statement needs, not every declaration at the start: a function moved to the top
/// may read a global that no statement has bound yet, and would not compile there, while the
/// program reads it only once the function is called.
public struct DeclarationHoisting {
    private struct Declaration {
        let index: Int
        /// The names it declares or extends (a type's, a function's, an extension's type and members).
        let provides: Set<String>
        let mentions: Set<String>
    }

    private let declarations: [Declaration]
    private let mentions: [Set<String>]
    private var declared: Set<Int> = []

    init(_ steps: [SnippetScript.Step]) {
        self.init(syntax: steps.map(\.item))
    }

    /// For a file's top-level items, as `play` runs them.
    public init(items: [SwiftItem]) {
        self.init(syntax: items.map(\.syntax))
    }

    init(syntax items: [CodeBlockItemSyntax]) {
        mentions = items.map { Self.mentioned(in: $0) }
        declarations = items.indices.compactMap { index in
            Self.provided(by: items[index]).map { Declaration(index: index, provides: $0, mentions: Self.mentioned(in: items[index])) }
        }
    }

    /// Whether the step at `index` was declared before a statement above it that needed it.
    public func wasHoisted(_ index: Int) -> Bool { declared.contains(index) }

    /// The declarations below the step at `index` that it needs and that were not declared yet, in
    /// the page's order; from now on they count as declared.
    public mutating func needed(by index: Int) -> [Int] {
        var wanted = mentions[index]
        var chosen: [Int] = []
        var grew = true
        while grew {
            grew = false
            for declaration in declarations where declaration.index > index && !declared.contains(declaration.index)
                && !declaration.provides.isDisjoint(with: wanted) {
                declared.insert(declaration.index)
                chosen.append(declaration.index)
                wanted.formUnion(declaration.mentions)
                grew = true
            }
        }
        return chosen.sorted()
    }

    /// The names a type, function, extension, operator or precedence group declares (an extension:
    /// its type's name and its members'); nil for what is not one (a binding, an import, `#if`).
    static func provided(by item: CodeBlockItemSyntax) -> Set<String>? {
        guard let declaration = item.item.as(DeclSyntax.self) else { return nil }
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            var names = mentioned(in: extensionDecl.extendedType)
            for member in extensionDecl.memberBlock.members {
                if let named = member.decl.asProtocol(NamedDeclSyntax.self) { names.insert(named.name.text) }
                if let variable = member.decl.as(VariableDeclSyntax.self) { names.formUnion(variable.bindings.flatMap { PatternNames.of($0.pattern) }) }
            }
            return names
        }
        switch declaration.kind {
        case .structDecl, .classDecl, .enumDecl, .protocolDecl, .actorDecl, .typeAliasDecl, .functionDecl, .operatorDecl,
             .precedenceGroupDecl:
            return declaration.asProtocol(NamedDeclSyntax.self).map { [$0.name.text] }
        default:
            return nil
        }
    }

    /// The identifiers and operators a piece of Swift mentions (`**` as well as `parse`).
    static func mentioned(in syntax: some SyntaxProtocol) -> Set<String> {
        Set(syntax.tokens(viewMode: .sourceAccurate).compactMap { token in
            switch token.tokenKind {
            case .identifier(let name), .binaryOperator(let name), .prefixOperator(let name), .postfixOperator(let name): name
            default: nil
            }
        })
    }
}
