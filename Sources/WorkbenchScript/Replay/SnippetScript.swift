import Foundation
import SwiftPackages
internal import SwiftParser
internal import SwiftSyntax

/// A snippet file parsed with swift-syntax: its description and its top-level statements.
public struct SnippetScript {
    /// One top-level statement (a declaration, a `let`, a call, a loop) and where it starts.
    public struct Step {
        let item: CodeBlockItemSyntax
        public let line: Int
        public let column: Int
        /// The statement as written, without surrounding comments.
        public let source: String

        init(item: CodeBlockItemSyntax, line: Int, column: Int, text: String.UTF8View) {
            self.item = item
            self.line = line
            self.column = column
            // The file's own bytes between the statement's first and last token: what
            // `trimmedDescription` gives for a tree without missing tokens (a syntax error throws
            // before steps are made), without building a trimmed copy of the tree, which was 4% of
            // a 1000-GET replay's time (Benchmarks/README.md).
            let start = text.index(text.startIndex, offsetBy: item.positionAfterSkippingLeadingTrivia.utf8Offset)
            let end = text.index(text.startIndex, offsetBy: item.endPositionBeforeTrailingTrivia.utf8Offset)
            source = String(Substring(text[start..<end]))
        }
    }

    /// The file name, `borders.swift`.
    public let fileName: String
    /// The file name without `.swift`: the product `swift run` builds.
    public var baseName: String { fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName }
    /// The module SwiftPM compiles the snippet into: its base name made a C identifier.
    public let moduleName: String
    /// The leading `//` comment block, without the slashes.
    public let summary: String
    public let steps: [Step]
    /// The file's text, as the results column shows it.
    public let text: String
    /// The language mode it replays in: Swift 5 unless its header says otherwise (`save` in a
    /// Swift 6 session writes `// Swift language mode: 6`).
    public let languageMode: SwiftLanguageMode
    /// The packages it imports from, which replay adds before its first statement: its header's
    /// `// Package: URL from VERSION products A` lines (`save` writes them).
    public let packages: [PackageRequirement]
    let converter: SourceLocationConverter

    /// Parses `source`; a syntax error is reported at its `line:col`. Its module is named after the
    /// file, as SwiftPM names a snippet's, unless `moduleName` says otherwise (a playground page's
    /// is `main`, as `swiftc` names a program's).
    public init(source: String, fileName: String, moduleName: String? = nil) throws(ReplayError) {
        let tree: SourceFileSyntax
        do {
            // The prompt's interpreter starts from an empty script: nothing to parse.
            tree = source.isEmpty ? SourceFileSyntax(statements: [], endOfFileToken: .endOfFileToken()) : try GuardedParse.file(source)
        } catch {
            throw ReplayError(file: fileName, line: error.line, column: error.column, message: error.message)
        }
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        if let first = FirstSyntaxError(in: tree, converter: converter) {
            throw ReplayError(file: fileName, line: first.line, column: first.column, message: first.message)
        }
        self.fileName = fileName
        self.moduleName = moduleName ?? Self.moduleName(forFile: fileName)
        self.summary = Self.summary(of: source)
        self.languageMode = Self.languageMode(of: source)
        self.packages = Self.packages(of: source)
        self.converter = converter
        self.text = source
        self.steps = tree.statements.map { item in
            let location = item.startLocation(converter: converter, afterLeadingTrivia: true)
            return Step(item: item, line: location.line, column: location.column, text: source.utf8)
        }
    }

    /// Reads and parses the file at `url`.
    public static func load(_ url: URL) throws(ReplayError) -> SnippetScript {
        let source: String
        do {
            source = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ReplayError(file: url.lastPathComponent, line: 1, column: 1,
                              message: "cannot read \(url.path): \((error as NSError).localizedDescription)")
        }
        return try SnippetScript(source: source, fileName: url.lastPathComponent)
    }

    /// `first-posts.swift` → `first_posts`, as SwiftPM names a snippet's module (and `3d` → `_3d`).
    public static func moduleName(forFile fileName: String) -> String {
        let base = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        var name = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if name.first?.isNumber ?? true { name = "_" + name }
        return name
    }

    /// The leading comment lines of `source`, joined; stops at the first line that is not a comment.
    public static func summary(of source: String) -> String {
        var lines: [String] = []
        for line in leadingLines(of: source) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("//") else { break }
            lines.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: .whitespaces))
        }
        // The description is the first paragraph; later ones are notes for the reader.
        let paragraph = lines.split(separator: "", omittingEmptySubsequences: false).first ?? []
        return paragraph.joined(separator: " ")
    }

    /// The header line that names a language mode.
    public static let languageModeMarker = "Swift language mode:"

    /// The mode a leading comment line `// Swift language mode: 6` names; Swift 5 without one.
    static func languageMode(of source: String) -> SwiftLanguageMode {
        for line in leadingLines(of: source) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("//") else { break }
            let text = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(languageModeMarker), let mode = SwiftLanguageMode(typed: String(text.dropFirst(languageModeMarker.count))) {
                return mode
            }
        }
        return .swift5
    }

    /// The header line that names a package, followed by `package add`'s words for it.
    public static let packageMarker = "Package:"

    /// The packages the leading comment's `// Package: …` lines name (one that does not read as a
    /// package is left out: replay then fails where its import does, with that line).
    static func packages(of source: String) -> [PackageRequirement] {
        var found: [PackageRequirement] = []
        for line in leadingLines(of: source) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("//") else { break }
            let text = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix(packageMarker) else { continue }
            let words = text.dropFirst(packageMarker.count).split(separator: " ").map(String.init)
            if let requirement = try? PackageRequirement(words: words, currentDirectory: "/") { found.append(requirement) }
        }
        return found
    }

    /// The lines of `source`, as `split(separator: "\n", omittingEmptySubsequences: false)` gives
    /// them, made one at a time: the header readers stop at the first line that is not a comment,
    /// and splitting a 1000-statement snippet whole twice was a visible part of its replay.
    private static func leadingLines(of source: String) -> UnfoldSequence<Substring, Substring?> {
        sequence(state: Substring(source) as Substring?) { rest -> Substring? in
            guard let text = rest else { return nil }
            guard let newline = text.firstIndex(of: "\n") else {
                rest = nil
                return text
            }
            rest = text[text.index(after: newline)...]
            return text[..<newline]
        }
    }

    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = node.startLocation(converter: converter, afterLeadingTrivia: true)
        return (location.line, location.column)
    }
}
