internal import SwiftSyntax

/// Swift parsed once, as the rest of Workbench sees it: its top-level items and where each is,
/// without swift-syntax's types, which stay inside this module (it imports swift-syntax as
/// `internal`, so the compiler refuses a public declaration that shows one). The items are nodes
/// of the file's own tree, so what runs them places errors at the file's lines and numbers a
/// playground block among its neighbours.
public struct SwiftFile {
    let tree: SourceFileSyntax
    private let lines: LineTable

    init(tree: SourceFileSyntax) {
        self.tree = tree
        lines = LineTable(tree)
    }

    /// Swift Workbench wrote or read back itself (a step's source, an export's program).
    public init(parsing source: String) {
        self.init(tree: SwiftParse.file(source))
    }

    /// Swift a user typed or a file holds, behind `GuardedParse`'s guards.
    public init(guarded source: String) throws(FirstSyntaxError) {
        self.init(tree: try GuardedParse.file(source))
    }

    public var items: [SwiftItem] { tree.statements.map(SwiftItem.init) }

    public var hasError: Bool { tree.hasError }

    /// The first syntax error; nil when there is none.
    public var firstError: FirstSyntaxError? {
        tree.hasError ? FirstSyntaxError(in: tree, converter: lines.converter) : nil
    }

    /// Whether it holds a loop (`for`, `while`, `repeat`) anywhere, in a closure's body too.
    public var holdsLoop: Bool { LoopFinder.holdsLoop(tree) }

    /// The line an item's code starts on (after its comments).
    public func firstLine(of item: SwiftItem) -> Int {
        item.syntax.startLocation(converter: lines.converter, afterLeadingTrivia: true).line
    }

    /// The line an item's code ends on.
    public func lastLine(of item: SwiftItem) -> Int {
        item.syntax.endLocation(converter: lines.converter, afterTrailingTrivia: false).line
    }
}

/// One top-level item of a `SwiftFile`.
public struct SwiftItem {
    let syntax: CodeBlockItemSyntax

    init(_ syntax: CodeBlockItemSyntax) { self.syntax = syntax }

    /// What kind of item it is, as a program split into imports, declarations and statements needs it.
    public enum Kind: Equatable, Sendable {
        case `import`, conditionalCompilation, operatorDeclaration, variable, declaration, statement
    }

    /// Its code, without the comments and spaces around it.
    public var text: String { syntax.trimmedDescription }

    /// Its code with the comments before it, as written.
    public var source: String { syntax.description }

    /// Its tokens as written: two versions of an item are the same when these are.
    public var tokens: [String] { syntax.tokens(viewMode: .sourceAccurate).map(\.text) }

    public var kind: Kind {
        if syntax.item.is(ImportDeclSyntax.self) { return .import }
        if syntax.item.is(IfConfigDeclSyntax.self) { return .conditionalCompilation }
        if syntax.item.is(OperatorDeclSyntax.self) || syntax.item.is(PrecedenceGroupDeclSyntax.self) { return .operatorDeclaration }
        if syntax.item.is(VariableDeclSyntax.self) { return .variable }
        if syntax.item.is(DeclSyntax.self) { return .declaration }
        return .statement
    }

    /// The name when the item is a name alone (`posts`): what the prompt shows, or not Swift at all.
    public var referencedName: String? {
        syntax.item.as(ExprSyntax.self)?.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The names a `let`/`var` binds (simple names only); empty for anything else.
    public var boundNames: [String] {
        syntax.item.as(VariableDeclSyntax.self)?.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } ?? []
    }

    /// The name a type, function or other named declaration declares; nil for anything else.
    public var declaredName: String? {
        syntax.item.as(DeclSyntax.self)?.asProtocol(NamedDeclSyntax.self)?.name.text
    }

    /// A declaration's code without the `;` that may end it.
    public var declarationText: String { syntax.item.trimmedDescription }

    /// Whether it is a `#Playground` block.
    public var isPlaygroundBlock: Bool { PlaygroundBlock.isBlock(syntax) }

    /// Whether it is an `import`, which a session answers itself (`SessionImport`).
    public var isImport: Bool { SessionImport(syntax) != nil }
}

/// A file's line numbers, worked out the first time one is asked for.
private final class LineTable {
    private let tree: SourceFileSyntax
    private var built: SourceLocationConverter?

    init(_ tree: SourceFileSyntax) { self.tree = tree }

    var converter: SourceLocationConverter {
        if let built { return built }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        built = converter
        return converter
    }
}

/// Whether a tree holds a loop anywhere.
final class LoopFinder: SyntaxVisitor {
    private var found = false

    static func holdsLoop(_ tree: some SyntaxProtocol) -> Bool {
        let finder = LoopFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { stop() }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { stop() }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { stop() }

    private func stop() -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
}
