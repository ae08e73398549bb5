@_spi(RawSyntax) internal import SwiftSyntax

/// The one source swift-syntax's parser should not be given: `[` nested deeper than `nestingLimit`.
///
/// At each `[` of a type or an array literal the parser looks ahead for an InlineArray type
/// (`[3 of Int]`) and, when that fails, reads the same tokens again as an array or dictionary
/// type, so its time doubles with each level, closed or not, and that lookahead has no depth
/// limit of its own (the parser's, 256 levels in a release build and 20 in a debug one, is asked
/// only after the lookahead ran); 28 unclosed levels ran for hours (found by `make fuzz`). The
/// times by depth are in docs/decisions/parsing.md. Parentheses, braces and generic arguments do not double the time (thousands of levels overflow the stack
/// instead, unguarded: docs/ARCHITECTURE.md, "Swift read before parsing"). The depth is measured
/// on the lexer's tokens, so brackets in strings and comments do not count, and a `\(…)` in a
/// string is code.
enum BracketGuard {
    /// The deepest nest whose one parse stays within a third of a long line's second
    /// (Benchmarks/README.md, figure 7): a Swift input is parsed twice at the prompt before it runs
    /// (`SwiftCompleteness`, `GuardedParse.file`) and once more for the host (`LibrarySource`), and
    /// each level more doubles the time. Real code nests `[` three or four deep (GeoJSON's
    /// `[[[[Double]]]]`).
    static let nestingLimit = 16

    /// What the guard found in a source.
    struct Check {
        /// The UTF-8 offset of the outermost `[` of a nest deeper than `nestingLimit`, as the parser
        /// would read the source; nil when it is safe to parse.
        let tooDeep: Int?
        /// How many `[` may be open at its end, at most.
        let openAtEnd: Int
    }

    static func check(_ source: UnsafeBufferPointer<UInt8>) -> Check {
        // No more `[` than the limit cannot nest deeper: most sources are never lexed here.
        let squares = count(of: UInt8(ascii: "["), in: source[...])
        guard squares > nestingLimit else { return Check(tooDeep: nil, openAtEnd: squares) }
        var walk = Walk(lexemes: SwiftLexemes(source: source))
        walk.lexemes.forEach { walk.read($0) }
        if walk.open.count > nestingLimit { return Check(tooDeep: walk.open[0], openAtEnd: walk.open.count) }
        if let diverged = walk.diverged {
            // Where the parser may read on differently from the lexer (below), every `[` counts.
            for offset in diverged..<source.count where source[offset] == UInt8(ascii: "[") {
                walk.open.append(offset)
                if walk.open.count > nestingLimit { return Check(tooDeep: walk.open[0], openAtEnd: walk.open.count) }
            }
        }
        return Check(tooDeep: nil, openAtEnd: walk.open.count)
    }

    /// The check of a source that is `earlier` (checked, safe) followed by `appended`, without lexing
    /// it again when it cannot nest too deep; nil when it must be checked whole. The lexer reads
    /// `earlier`'s tokens as before, but where a string or comment open at its end goes on, and a
    /// `[` of `appended` can at most add one level to what was open.
    static func check(appended: Slice<UnsafeBufferPointer<UInt8>>, after earlier: Check) -> Check? {
        let open = earlier.openAtEnd + count(of: UInt8(ascii: "["), in: appended)
        return earlier.tooDeep == nil && open <= nestingLimit ? Check(tooDeep: nil, openAtEnd: open) : nil
    }

    private static func count(of byte: UInt8, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var count = 0
        for each in bytes where each == byte { count += 1 }
        return count
    }

    /// The lexer's tokens read in order: the `[` open, and the strings and `\(…)` around.
    private struct Walk {
        let lexemes: SwiftLexemes
        /// Offsets of the `[` open now, outermost first.
        var open: [Int] = []
        /// The strings and interpolations the lexer is in, innermost last.
        var contexts: [Context] = []
        /// The token before, its `#` delimiters left out, and its text when it is a keyword.
        var previous: (kind: RawTokenKind, keyword: String?)?
        var afterBackslash = false
        /// Where a string opens in a `\(…)` right after an expression: the lexer reads a new string
        /// there, but the parser takes the `"` for the end of the string around (`"\(post".a[[…`:
        /// an identifier cannot be followed by a string literal) and reads what follows as code.
        var diverged: Int?

        enum Context {
            case string(quote: RawTokenKind)
            case interpolation(parentheses: Int)

            var isInterpolation: Bool {
                if case .interpolation = self { return true }
                return false
            }
        }

        /// Reads one token; false when the walk can stop.
        mutating func read(_ token: SwiftLexemes.Token) -> Bool {
            if case .string(let quote)? = contexts.last, !continues(string: quote, with: token) {
                // A one-line string ends with its line, closed or not.
                contexts.removeLast()
            }
            let wasAfterBackslash = afterBackslash
            afterBackslash = false
            switch token.kind {
            case .stringQuote, .multilineStringQuote, .singleQuote:
                if case .string(let quote)? = contexts.last, quote == token.kind {
                    contexts.removeLast()
                } else if contexts.contains(where: \.isInterpolation), !expectsExpression {
                    diverged = token.range.lowerBound
                    return false
                } else {
                    contexts.append(.string(quote: token.kind))
                }
            case .backslash:
                afterBackslash = contexts.last?.isInterpolation == false
            case .rawStringPoundDelimiter:
                afterBackslash = wasAfterBackslash  // `\#(` in a raw string
                return true
            case .leftParen where wasAfterBackslash:
                contexts.append(.interpolation(parentheses: 0))
            case .leftParen:
                if case .interpolation(let depth)? = contexts.last { contexts[contexts.count - 1] = .interpolation(parentheses: depth + 1) }
            case .rightParen:
                if case .interpolation(let depth)? = contexts.last {
                    if depth == 0 { contexts.removeLast() } else { contexts[contexts.count - 1] = .interpolation(parentheses: depth - 1) }
                }
            case .leftSquare:
                open.append(token.range.lowerBound)
                if open.count > BracketGuard.nestingLimit { return false }
            case .rightSquare:
                _ = open.popLast()
            default:
                break
            }
            previous = (token.kind, token.kind == .keyword ? lexemes.text(of: token) : nil)
            return true
        }

        /// Whether `token` is still part of a string opened with `quote`.
        private func continues(string quote: RawTokenKind, with token: SwiftLexemes.Token) -> Bool {
            switch token.kind {
            case .stringSegment, .backslash, .rawStringPoundDelimiter: return true
            case .leftParen: return afterBackslash
            case quote: return quote == .multilineStringQuote || !token.isAtStartOfLine
            default: return false
            }
        }

        /// Whether the token before is one after which a string literal is (part of) an expression.
        private var expectsExpression: Bool {
            guard let previous else { return true }
            switch previous.kind {
            case .leftParen, .leftSquare, .leftBrace, .comma, .colon, .semicolon, .equal, .arrow,
                 .binaryOperator, .prefixOperator, .infixQuestionMark:
                return true
            case .keyword:
                return previous.keyword.map(Self.keywordsBeforeExpressions.contains) ?? false
            default:
                return false
            }
        }

        private static let keywordsBeforeExpressions: Set<String> = [
            "try", "await", "throw", "return", "in", "if", "else", "switch", "case", "where", "guard",
            "while", "repeat", "each", "some", "any", "consume", "copy", "yield", "then", "let", "var",
        ]
    }
}
