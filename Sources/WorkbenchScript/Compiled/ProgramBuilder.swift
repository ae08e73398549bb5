import SwiftParser
import SwiftSyntax
import WorkbenchKit

/// The program a compiled input runs: the session's earlier inputs run again quietly, then the new
/// input live (see WorkbenchKit's `PromptRuntime` for the calls it makes).
struct CompiledProgram {
    /// The inputs in order: the earlier ones, then the new one (the last).
    let units: [ProgramUnit]
    let source: MappedSource

    var text: String { String(decoding: source.text, as: UTF8.self) }
}

/// One input parsed into its top-level items.
struct ProgramUnit {
    let bytes: [UInt8]
    let items: [TopLevelItem]

    init(_ source: String) {
        bytes = Array(source.utf8)
        items = Parser.parse(source: source).statements.map(TopLevelItem.init)
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

    /// The input's first line, for a message about it. Any line break ends it: `\r\n` is one
    /// `Character`, not `\n`, and a lone `\r` ends a line for the compiler too (found by `make fuzz`).
    var firstLine: String {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharactersInWhitespace
        return text.split(maxSplits: 1, whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}

enum ProgramBuilder {
    static let runtime = "WorkbenchKit.PromptRuntime"
    /// What a `wb.…` call's value goes through in the results column's program.
    static let workbenchResult = "__wb_result"

    static func program(steps: [String], input: String, resultsColumn: Bool = false) -> CompiledProgram {
        program(units: (steps + [input]).map(ProgramUnit.init), resultsColumn: resultsColumn)
    }

    /// The program of `units`: the earlier inputs, then the new one (the last). With `resultsColumn`
    /// it is compiled with the playground transform: it starts ResultsLog, which records each line's
    /// values, and shows no values of its own.
    static func program(units: [ProgramUnit], resultsColumn: Bool = false, imports: [String] = []) -> CompiledProgram {
        let live = units.count - 1
        let renames = BindingRenamer.renames(units: units.map(\.items))
        var lastDeclaration: [String: Int] = [:]
        for (index, unit) in units.enumerated() {
            for item in unit.items {
                if case .declaration(let key) = item.kind { lastDeclaration[key] = index }
            }
        }

        var source = MappedSource()
        source.generated("""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import WorkbenchKit

            """)
        for line in imports { source.generated(line + "\n") }
        for (index, unit) in units.enumerated() {
            for item in unit.items {
                guard case .importDeclaration = item.kind else { continue }
                source.original(unit.bytes, unit: index, range: item.range)
                source.generated("\n")
            }
        }
        if resultsColumn { source.generated("import ResultsLog\nResultsLog.start()\n") }
        // An `await` makes the top-level code the main actor's in Swift 5 mode too (SE-0343), as it
        // is in Swift 6: `wb` and the runtime are the main actor's.
        source.generated("await \(runtime).enterTopLevel()\n")
        source.generated("let wb = \(runtime).start()\n")
        if resultsColumn {
            // The results column shows a request's status line (what `wb.get` prints), not the
            // whole `Exchange` value.
            source.generated("""
                @MainActor @discardableResult func \(workbenchResult)(_ exchange: WorkbenchKit.Exchange) -> String { wb.statusLine(exchange) }
                @discardableResult func \(workbenchResult)<T>(_ value: T) -> T { value }

                """)
        }
        for (index, unit) in units.enumerated() {
            source.generated(index == live ? "\(runtime).live()\n" : "\(runtime).step(\(index + 1))\n")
            for (itemIndex, item) in unit.items.enumerated() {
                if case .declaration(let key) = item.kind, lastDeclaration[key, default: index] > index { continue }
                let rename = renames[index][itemIndex]
                var edits = BindingRenamer.edits(in: item, references: rename.references, declared: rename.declared)
                if resultsColumn && index == live { edits += WorkbenchCallWrapper.edits(in: item) }
                emit(item, of: unit, unit: index, edits: edits, live: index == live, shows: !resultsColumn, into: &source)
            }
        }
        source.generated("\(runtime).finish()\n")
        return CompiledProgram(units: units, source: source)
    }

    private static func emit(_ item: TopLevelItem, of unit: ProgramUnit, unit index: Int, edits: [SourceEdit],
                             live: Bool, shows: Bool, into source: inout MappedSource) {
        let catchClause = " } catch { \(runtime).exit(after: error) }\n"
        func original(_ range: Range<Int>) {
            source.original(unit.bytes, unit: index, range: range, edits: edits)
        }
        switch item.kind {
        case .importDeclaration:
            return
        case .binding(_, let shownName, let initializer):
            if item.throwsAtTopLevel, let initializer {
                let value = initializer.positionAfterSkippingLeadingTrivia.utf8Offset..<initializer.endPositionBeforeTrailingTrivia.utf8Offset
                original(item.range.lowerBound..<value.lowerBound)
                source.generated(item.awaitsAtTopLevel ? "await \(runtime).orExit { " : "\(runtime).orExit { ")
                original(value)
                source.generated(" }")
                original(value.upperBound..<item.range.upperBound)
            } else {
                original(item.range)
            }
            source.generated("\n")
            if live, shows, let shownName {
                source.generated("\(runtime).show(\(shownName), source: \(literal(shownName)))\n")
            }
        case .expression(let expression, let shown) where live && shown && shows:
            source.generated("do { let __wb_value = ")
            original(item.range)
            source.generated("\n\(runtime).show(__wb_value, source: \(literal(summarySource(expression))))")
            source.generated(item.throwsAtTopLevel ? catchClause : " }\n")
        case .expression, .statement:
            if item.throwsAtTopLevel {
                source.generated("do { ")
                original(item.range)
                source.generated(catchClause)
            } else {
                original(item.range)
                source.generated("\n")
            }
        case .declaration, .guardStatement:
            original(item.range)
            source.generated("\n")
        }
    }

    /// The expression as the summary line shows it: its text, each line break and indent one space.
    /// The expression on one line, as the summary line names it. A closure's body that spans lines
    /// (`Task { … }`, `DispatchQueue.main.async { … }`) is cut to `{ … }`: the line names the value,
    /// not the block.
    static func summarySource(_ expression: ExprSyntax) -> String {
        let cut = ClosureBodyCutter(viewMode: .sourceAccurate).rewrite(expression)
        return cut.trimmedDescription.split(separator: "\n").map { $0.trimmingCharactersInWhitespace }.joined(separator: " ")
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        SwiftLiteral.quoted(text)
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
