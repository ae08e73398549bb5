import SwiftSyntax

/// A replacement of source text: UTF-8 offsets in the input it belongs to.
struct SourceEdit {
    let range: Range<Int>
    let text: String
}

/// Renames the bindings an earlier input made and a later one redeclares, so that the session,
/// run as one program, compiles (a playground page would refuse `let posts` twice; a REPL must not).
///
/// Every identifier spelled `name` that is not a member (`x.name`, `\.name`, `.name`) or a label is
/// renamed in the inputs where the old binding is current: references, and local declarations too,
/// so code that shadows it stays consistent. Type and extension bodies are left alone (there a
/// name is most likely a member).
enum BindingRenamer {
    /// Edits for one item: `references` maps a name to the name its uses get; `declared` maps a name
    /// to the name the item's own top-level binding of it gets.
    static func edits(in item: TopLevelItem, references: [String: String], declared: [String: String]) -> [SourceEdit] {
        guard !references.isEmpty || !declared.isEmpty else { return [] }
        let finder = RenameFinder(references: references, declared: declared, item: item.syntax.item,
                                  itemBinds: !item.boundNames.isEmpty, viewMode: .sourceAccurate)
        finder.walk(item.syntax.item)
        return finder.edits
    }

    /// For each input, the renames of its items: `units[u]` holds the items of input `u` (the
    /// earlier inputs, then the new one). A name bound at the top level by several inputs keeps its
    /// name in the last of them; in the earlier ones it becomes `__wb_NAME_K`.
    static func renames(units: [[TopLevelItem]]) -> [[(references: [String: String], declared: [String: String])]] {
        var declaringUnits: [String: [Int]] = [:]
        for (unit, items) in units.enumerated() {
            for name in Set(items.flatMap(\.boundNames)) { declaringUnits[name, default: []].append(unit) }
        }
        let redeclared = declaringUnits.filter { $0.value.count > 1 }
        var result: [[(references: [String: String], declared: [String: String])]] = []
        for (unit, items) in units.enumerated() {
            var unitRenames: [(references: [String: String], declared: [String: String])] = []
            for index in items.indices {
                var references: [String: String] = [:]
                var declared: [String: String] = [:]
                for (name, declaring) in redeclared {
                    // Version k is the binding of declaring[k - 1]; the last version keeps the name.
                    let versionName = { (version: Int) -> String? in
                        version >= 1 && version < declaring.count ? "__wb_\(name)_\(version)" : nil
                    }
                    let current = declaring.filter { $0 <= unit }.count
                    if declaring.contains(unit) {
                        let declaringIndex = items.firstIndex { $0.boundNames.contains(name) } ?? 0
                        if index < declaringIndex {
                            references[name] = versionName(current - 1)
                        } else if index == declaringIndex {
                            references[name] = versionName(current - 1)  // `let posts = posts.filter …`
                            declared[name] = versionName(current)
                        } else {
                            references[name] = versionName(current)
                        }
                    } else {
                        references[name] = versionName(current)
                    }
                }
                unitRenames.append((references, declared))
            }
            result.append(unitRenames)
        }
        return result
    }
}

private final class RenameFinder: SyntaxVisitor {
    let references: [String: String]
    let declared: [String: String]
    let item: CodeBlockItemSyntax.Item
    let itemBinds: Bool
    var edits: [SourceEdit] = []

    init(references: [String: String], declared: [String: String], item: CodeBlockItemSyntax.Item, itemBinds: Bool,
         viewMode: SyntaxTreeViewMode) {
        self.references = references
        self.declared = declared
        self.item = item
        self.itemBinds = itemBinds
        super.init(viewMode: viewMode)
    }

    /// Inside a type or extension a name is more likely a member than the top-level binding.
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.argumentNames == nil, let parent = node.parent else { return .visitChildren }
        if let member = parent.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
        if parent.is(KeyPathPropertyComponentSyntax.self) { return .visitChildren }
        rename(node.baseName, references)
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        rename(node.identifier, itemBinds && isTopLevelBinding(node) ? declared : references)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        rename(node.name, references)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        rename(node.secondName ?? node.firstName, references)
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        if let secondName = node.secondName {
            rename(secondName, references)
        } else if let new = references[node.firstName.text] {
            // `f(posts: [Post])`: the label stays, the parameter's own name changes.
            edits.append(SourceEdit(range: Self.range(of: node.firstName), text: "\(node.firstName.text) \(new)"))
        }
        return .visitChildren
    }

    private func rename(_ token: TokenSyntax, _ names: [String: String]) {
        guard let new = names[token.text] else { return }
        edits.append(SourceEdit(range: Self.range(of: token), text: new))
    }

    /// Whether the pattern is the item's own top-level `let`/`var`/`guard let` binding.
    private func isTopLevelBinding(_ node: IdentifierPatternSyntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(CodeBlockSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
            if syntax.id == item.id { return true }
            current = syntax.parent
        }
        return false
    }

    private static func range(of token: TokenSyntax) -> Range<Int> {
        token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset
    }
}
