import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Whether Swift typed so far is a whole input, as swift-syntax's parser reads it.
///
/// Incomplete means that all the parser finds wrong is missing at the very end: a `}`, `)` or `]`,
/// a closing quote or `*/`, the body of an `if`, the operand after an operator. That is the question
/// LLDB's REPL asks the compiler's parser (`isSourceInputComplete`). Anything else wrong (a stray
/// closer, a one-line string left open on an earlier line) makes the input complete, so that it
/// runs and fails with the parser's own error.
///
/// The line editor asks again after each line, with the input so far: this remembers the last
/// source and parses the next incrementally (swift-syntax reuses the declarations and statements
/// the new line leaves alone), so a pasted 1000-line declaration is not parsed 1000 times whole.
public final class SwiftCompleteness {
    /// The source last read, its parse, and the bracket guard's check of it.
    private var last: (source: String, parse: IncrementalParseResult, brackets: BracketGuard.Check)?
    /// Bytes parsed incrementally since the last whole parse. Each parse copies its source into the
    /// arena of its tree, and a tree that reuses nodes keeps the arenas they came from: a 4000-line
    /// struct asked line by line held 575 MB. A whole parse now and then lets them go.
    private var copied = 0
    /// What the lexer leaves open at the end of the source last read.
    private var openings = LexedOpenings()
    /// The size of the source the parser last read.
    private var parsedSize = 0

    /// Sources smaller than this are parsed at every line. Above it, a source the lexer finds a
    /// bracket or `"""` open in is parsed again only once it has grown by an eighth, so that a long
    /// paste costs a few whole parses rather than one per line (each walks every member before it,
    /// so a parse per line grows with the square of the length). An error in such a source ends
    /// the input that much later.
    public static let parsedAtEveryLine = 16 * 1024

    public init() {}

    /// True when `source` is a valid beginning that ends too early: the prompt reads another line.
    public static func endsTooEarly(_ source: String) -> Bool {
        SwiftCompleteness().endsTooEarly(source)
    }

    /// The same, for the input so far; quicker when `source` goes on from the one asked before.
    public func endsTooEarly(_ source: String) -> Bool {
        var source = source
        let goesOn = last.map { Self.source(source, startsWith: $0.source) } ?? false
        if !goesOn { openings.reset() }
        source.withUTF8 { openings.read($0) }
        let size = source.utf8.count
        if goesOn, openings.isOpen, size >= Self.parsedAtEveryLine, size < parsedSize + parsedSize / 8 {
            return true
        }
        let earlier = goesOn && copied <= 64 * size ? last : nil
        last = nil
        copied = earlier == nil ? 0 : copied + size
        let brackets = source.withUTF8 { bytes in
            earlier.flatMap { BracketGuard.check(appended: bytes[$0.source.utf8.count...], after: $0.brackets) }
                ?? BracketGuard.check(bytes)
        }
        // What the parser is not given runs at once and fails with the guard's error.
        guard brackets.tooDeep == nil, source.withUTF8(AngleGuard.tooDeep) == nil else { return false }
        let transition = earlier.map { earlier in
            let end = AbsolutePosition(utf8Offset: earlier.source.utf8.count)
            let appended = Array(source.utf8.dropFirst(earlier.source.utf8.count))
            return IncrementalParseTransition(previousIncrementalParseResult: earlier.parse,
                                              edits: ConcurrentEdits(SwiftSyntax.SourceEdit(range: end..<end, replacement: appended)))
        }
        ParseCount.note()
        let parse = GuardedParse.onLargeStack { Parser.parseIncrementally(source: source, parseTransition: transition) }
        // What is too deep runs at once and fails with GuardedParse's error.
        if GuardedParse.tooDeep(Syntax(parse.tree), source: source) != nil { return false }
        last = (source, parse, brackets)
        parsedSize = size
        return Self.missesOnlyItsEnd(parse.tree)
    }

    /// The tree of `source` when it is the source last read whole (what the reader decided was
    /// a whole input): the run takes it instead of parsing the input again. It passed the guards
    /// `GuardedParse.file` applies.
    /// Nil when the tree was built up line by line over many lines: it keeps what every earlier
    /// parse copied (`copied`), which a step kept for the session would hold; a parse of its own
    /// holds only the source.
    func tree(of source: String) -> SourceFileSyntax? {
        guard let last, last.source == source, copied <= 4 * source.utf8.count else { return nil }
        return last.parse.tree
    }

    /// `tree(of:)` as the REPL holds it.
    public func file(of source: String) -> SwiftFile? {
        tree(of: source).map(SwiftFile.init(tree:))
    }

    private static func source(_ source: String, startsWith earlier: String) -> Bool {
        var (source, earlier) = (source, earlier)
        return source.withUTF8 { bytes in
            earlier.withUTF8 { prefix in
                prefix.count <= bytes.count && (prefix.isEmpty || memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
            }
        }
    }

    /// Whether every error in `tree` is a token missing at its very end, or a `/*` never closed.
    static func missesOnlyItsEnd(_ tree: SourceFileSyntax) -> Bool {
        guard tree.hasError else { return false }
        // Missing tokens at the end sit where the end-of-file token's leading trivia starts.
        let end = tree.endOfFileToken.position
        var missesSomething = false
        // Only the branches holding an error are walked, with a stack: a tree can be as deep as
        // its source is long (`a.b.c…`), too deep to recurse on.
        var pending = [Syntax(tree)]
        while let node = pending.popLast() {
            if node.is(UnexpectedNodesSyntax.self) { return false }
            if let token = node.as(TokenSyntax.self) {
                if token.presence == .missing {
                    guard token.position >= end else { return false }
                    missesSomething = true
                } else if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
                    // A `/*` never closed runs to the end of the source: its `*/` is what is missing.
                    guard diagnostic.kind == .unterminatedBlockComment else { return false }
                    missesSomething = true
                }
                continue
            }
            for child in node.children(viewMode: .all) where child.hasError {
                pending.append(child)
            }
        }
        return missesSomething
    }
}
