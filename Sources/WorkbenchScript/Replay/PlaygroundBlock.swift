internal import SwiftSyntax

/// A `#Playground` block of a Swift file, as Xcode's Playgrounds module reads one:
/// `#Playground { … }` or `#Playground("Name") { … }` at the top level. A file's blocks are the
/// pages of a playground (replay runs them in the file's order, `page` one of them); the code
/// outside them (declarations, file-scope values) is shared by all.
///
/// The Playgrounds module is not on Linux, so a block runs as its macro expands it: the body, a
/// closure on the main actor that may await and throw, so a name one block declares is not seen by
/// another. Its `#Playground(…)` is replaced by a call of WorkbenchKit's `PlaygroundMacro` that
/// takes the block's own trailing closure, on the same lines: compile errors keep the file's line
/// numbers, and the results column its lines.
public struct PlaygroundBlock: Equatable, Sendable {
    /// Its place among the file's blocks, from 1.
    public let number: Int
    /// The name it is given (`#Playground("Fetch")`); nil for an unnamed block.
    public let name: String?
    /// The line its `#Playground` is on.
    public let line: Int
    /// The block as written.
    public let source: String

    /// What a header and `page` call it: its name, or its number when it has none.
    public var title: String { name ?? String(number) }

    /// What replaces `#Playground` in a file run whole, in a statement run alone, and after a file's
    /// last line (WorkbenchKit's Playground/PlaygroundMacro.swift).
    static let inFile = "try await WorkbenchKit.PlaygroundMacro.runInFile"
    static let alone = "try await WorkbenchKit.PlaygroundMacro.runAlone"
    static let endOfFile = "try await WorkbenchKit.PlaygroundMacro.endOfFile()"

    /// The blocks of `script`, in the file's order; empty for a file without any.
    public static func blocks(in script: SnippetScript) -> [PlaygroundBlock] {
        let found = script.steps.filter { macro(of: $0.item) != nil }
        return found.enumerated().map { index, step in
            PlaygroundBlock(number: index + 1, name: macro(of: step.item).flatMap { displayedName($0) }, line: step.line, source: step.source)
        }
    }

    /// Whether the statement is a `#Playground` block.
    static func isBlock(_ item: CodeBlockItemSyntax) -> Bool {
        macro(of: item) != nil
    }

    /// The statement as a statement run alone runs it (`replay --step`, `page`, the results
    /// column): `#Playground(…)` made a call of `runAlone`, numbered among the blocks around it;
    /// nil when it is not a block.
    static func aloneForm(of item: CodeBlockItemSyntax) -> String? {
        guard let macro = macro(of: item) else { return nil }
        let siblings = item.parent?.as(CodeBlockItemListSyntax.self).map { Array($0) } ?? [item]
        let blocks = siblings.filter(isBlock)
        let number = (blocks.firstIndex { $0.id == item.id } ?? 0) + 1
        var text = Array(item.trimmedDescription.utf8)
        let edit = call(alone, for: macro, number: number, of: blocks.count, in: text, at: item.positionAfterSkippingLeadingTrivia.utf8Offset)
        text.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        return String(decoding: text, as: UTF8.self)
    }

    /// `text`, whose top-level statements are `items`, with each block made a call of `runInFile`
    /// and `endOfFile()` after its last line, so the file runs as one program; nil when it has no
    /// block.
    static func programText(_ text: String, items: [CodeBlockItemSyntax]) -> String? {
        let macros = items.compactMap(macro(of:))
        guard !macros.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        // From the last: an edit leaves the offsets before it as they were.
        for (index, macro) in macros.enumerated().reversed() {
            let edit = call(inFile, for: macro, number: index + 1, of: macros.count, in: bytes, at: 0)
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self) + "\n" + endOfFile + "\n"
    }

    /// `#Playground("Fetch")` (its `#` to its `)`) as `FUNCTION(2, of: 3, name: "Fetch")`, the
    /// closure after it left as written: where in `text`, which starts at `offset` of the file, and
    /// with what. Lines the name spanned are kept inside the parentheses.
    private static func call(_ function: String, for macro: any FreestandingMacroExpansionSyntax, number: Int, of count: Int,
                             in text: [UInt8], at offset: Int) -> (range: Range<Int>, text: String) {
        let first = macro.pound.positionAfterSkippingLeadingTrivia.utf8Offset - offset
        let last = (macro.rightParen ?? macro.macroName).endPositionBeforeTrailingTrivia.utf8Offset - offset
        let name = macro.arguments.first?.expression.trimmedDescription ?? "nil"
        let newline = UInt8(ascii: "\n")
        let lines = text[first..<last].count { $0 == newline } - name.utf8.count { $0 == newline }
        return (first..<last, "\(function)(\(number), of: \(count), name: \(name)\(String(repeating: "\n", count: max(lines, 0))))")
    }

    /// The `#Playground` of a top-level statement: the macro's name, at most one unlabeled argument
    /// (the name), and one trailing closure (the body). A block in another form is left to the
    /// compiler, which says there is no such macro here.
    private static func macro(of item: CodeBlockItemSyntax) -> (any FreestandingMacroExpansionSyntax)? {
        let found: any FreestandingMacroExpansionSyntax
        if let expression = item.item.as(MacroExpansionExprSyntax.self) {
            found = expression
        } else if let declaration = item.item.as(MacroExpansionDeclSyntax.self), declaration.attributes.isEmpty,
                  declaration.modifiers.isEmpty {
            found = declaration
        } else {
            return nil
        }
        guard found.macroName.text == "Playground", found.genericArgumentClause == nil, found.trailingClosure != nil,
              found.additionalTrailingClosures.isEmpty, found.arguments.count <= 1,
              found.arguments.first?.label == nil else { return nil }
        return found
    }

    /// The name as the macro reads it: the string's value, or the expression as written when it is
    /// not a plain string literal.
    private static func displayedName(_ macro: any FreestandingMacroExpansionSyntax) -> String? {
        guard let expression = macro.arguments.first?.expression else { return nil }
        return expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? expression.trimmedDescription
    }
}
