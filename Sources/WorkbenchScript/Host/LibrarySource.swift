internal import SwiftParser
internal import SwiftSyntax
import WorkbenchKit

/// The source of a library the Swift host loads (HostLibrary), mapped back to the inputs it was made
/// from, for diagnostics and the results column.
struct LibrarySource {
    /// The inputs in order: the caught-up steps, then the new input (the last, when there is one).
    let units: [ProgramUnit]
    let source: MappedSource

    var text: String { String(decoding: source.text, as: UTF8.self) }
}

/// One input parsed into its top-level items.
public struct ProgramUnit: Sendable {
    let bytes: [UInt8]
    let items: [TopLevelItem]

    init(_ source: String) {
        bytes = Array(source.utf8)
        items = SwiftParse.file(source).statements.map(TopLevelItem.init)
    }

    /// An item of an input parsed already, alone (its text trimmed, positions counted from it).
    init(item: CodeBlockItemSyntax) {
        let alone = item.trimmed.detached
        bytes = Array(alone.description.utf8)
        items = [TopLevelItem(alone)]
    }

    /// The input whose tree the reader parsed, when `source` is its text: its items as they are.
    init?(tree: SourceFileSyntax, source: String) {
        guard tree.statements.description == source else { return nil }
        bytes = Array(source.utf8)
        items = tree.statements.map(TopLevelItem.init)
    }

    /// The 1-based line and column (in characters) of a UTF-8 offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let before = bytes[..<clamped]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = String(decoding: bytes[lineStart..<clamped], as: UTF8.self).count + 1
        return (line, column)
    }

    /// Line `number` (1-based, as `location` counts them) without its line break; nil past the end.
    func line(_ number: Int) -> String? {
        CompileError.line(number, of: String(decoding: bytes, as: UTF8.self))
    }

    /// The input's first line, for a message about it. Any line break ends it: `\r\n` is one
    /// `Character`, not `\n`, and a lone `\r` ends a line for the compiler too (found by `make fuzz`).
    var firstLine: String {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharactersInWhitespace
        return text.split(maxSplits: 1, whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}

/// The expression as the summary line names it (`[1, 2].map { $0 * 2 }: [Int]`): on one line, each
/// line break and indent one space. A closure's body that spans lines (`Task { … }`,
/// `DispatchQueue.main.async { … }`) is cut to `{ … }`: the line names the value, not the block.
enum SummarySource {
    static func of(_ expression: ExprSyntax) -> String {
        let cut = ClosureBodyCutter(viewMode: .sourceAccurate).rewrite(expression)
        return cut.trimmedDescription.split(separator: "\n").map { $0.trimmingCharactersInWhitespace }.joined(separator: " ")
    }
}

extension StringProtocol {
    var trimmingCharactersInWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// Replaces each closure whose body spans lines with `{ … }`.
private final class ClosureBodyCutter: SyntaxRewriter {
    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
        guard node.statements.trimmedDescription.contains("\n") || node.trimmedDescription.count > 60 else { return super.visit(node) }
        let ellipsis = CodeBlockItemSyntax(item: .expr(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("…")))))
        let body = CodeBlockItemListSyntax([ellipsis.with(\.leadingTrivia, .space).with(\.trailingTrivia, .space)])
        return ExprSyntax(ClosureExprSyntax(leftBrace: .leftBraceToken(), statements: body, rightBrace: .rightBraceToken())
            .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
    }
}
