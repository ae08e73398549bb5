import Foundation
import SwiftParser
import SwiftSyntax
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Runs a line that is not a command as Swift, through the session's Swift runner. Returns
    /// false when the line is not Swift at all, so the loop can say "unknown command".
    func evaluateSwift(_ source: String) async throws -> Bool {
        var text = source.trimmingCharacters(in: .whitespacesAndNewlines)
        // `posts --all` shows a long value uncut on a terminal.
        let showAll = text.hasSuffix(" --all")
        if showAll { text = String(text.dropLast(6)).trimmingCharacters(in: .whitespaces) }
        let tree: SourceFileSyntax
        do {
            // The reader parsed it to know it was whole: that tree, unless the text is not the one it read.
            if let read = swiftReader.tree(of: text) { tree = read } else { tree = try GuardedParse.file(text) }
        } catch {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(error.description)
        }
        if tree.hasError {
            guard Self.looksLikeSwift(text) else { return false }
            throw SwiftInputError(Self.firstSyntaxError(in: tree))
        }
        let items = Array(tree.statements)
        if items.count == 1, let name = items.first?.item.as(ExprSyntax.self)?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           !swift.isBound(name) {
            return false
        }
        workbench.cutsLongValues = !showAll
        defer { workbench.cutsLongValues = true }
        // A loop on one line gets the column as one of several lines does: the values its body
        // has are what the prompt's own summary line never shows.
        if resultsColumn, text.contains("\n") || LoopFinder.holdsLoop(tree), compiledPathAvailable {
            try await runWithResults(text)
        } else {
            try await runSwift(items)
        }
        return true
    }

    /// A line with a syntax error is reported as Swift when it reads as Swift (a keyword first, or
    /// Swift punctuation); otherwise it is a mistyped command.
    static func looksLikeSwift(_ text: String) -> Bool {
        let first = String(text.prefix { $0.isLetter || $0 == "_" })
        let keywords: Set = ["let", "var", "struct", "enum", "class", "func", "extension", "protocol", "if", "for",
                             "while", "switch", "guard", "do", "try", "import", "typealias", "repeat", "return", "print"]
        return keywords.contains(first) || text.contains(where: { "=({[\".".contains($0) })
    }

    /// `1:9: expected expression after '='`, at the first syntax error.
    static func firstSyntaxError(in tree: SourceFileSyntax) -> String {
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        guard let first = FirstSyntaxError(in: tree, converter: converter) else { return "invalid Swift" }
        return "\(first.line):\(first.column): \(first.message)"
    }
}

/// Whether an input holds a loop (`for`, `while`, `repeat`) anywhere, in a closure's body too.
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

extension Session {
    static let compiledOnly = ProcessInfo.processInfo.environment["WORKBENCH_ENGINE"] == "compiled"
}

/// Swift the prompt cannot run, in one line.
struct SwiftInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
