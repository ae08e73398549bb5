@_spi(RawSyntax) import SwiftSyntax

/// The one source swift-syntax's parser should not be given: `[` nested deeper than `nestingLimit`.
///
/// At each `[` of a type or an array literal the parser looks ahead for an InlineArray type
/// (`[3 of Int]`) and, when that fails, reads the same tokens again as an array or dictionary
/// type, so its time doubles with each level, closed or not, and that lookahead has no depth
/// limit of its own. On swift-syntax 602.0.0 (debug build) 16 levels took 2.8 s in an array
/// literal and 5.2 s in a type; 28 unclosed ran for hours (found by `make fuzz`). Parentheses,
/// braces and generic arguments nest without this. The depth is measured on the lexer's tokens,
/// so brackets in strings and comments do not count, and a `\(…)` in a string is code.
enum BracketGuard {
    static let nestingLimit = 12

    /// The UTF-8 offset of the outermost `[` of a nest deeper than `nestingLimit`, as the parser
    /// would read the source; nil when it is safe to parse.
    static func tooDeep(_ source: UnsafeBufferPointer<UInt8>) -> Int? {
        // No more `[` than the limit cannot nest deeper: most sources are never lexed here.
        var squares = 0
        for byte in source where byte == UInt8(ascii: "[") { squares += 1 }
        guard squares > nestingLimit else { return nil }
        var walk = Walk(lexemes: SwiftLexemes(source: source))
        walk.lexemes.forEach { walk.read($0) }
        if walk.open.count > nestingLimit { return walk.open[0] }
        guard let diverged = walk.diverged else { return nil }
        // Where the parser may read on differently from the lexer (below), every `[` counts.
        for offset in diverged..<source.count where source[offset] == UInt8(ascii: "[") {
            walk.open.append(offset)
            if walk.open.count > nestingLimit { return walk.open[0] }
        }
        return nil
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
