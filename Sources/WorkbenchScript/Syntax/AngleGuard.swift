@_spi(RawSyntax) internal import SwiftSyntax

/// The other source swift-syntax's parser should not be given: generic arguments nested deeper than
/// `nestingLimit` (`let x: A<A<A<…`). At each `<` after a name the parser looks ahead for the `>`
/// that would close it before it reads the arguments, so its time grows with the square of the
/// depth, and a pasted megabyte would run for hours (docs/decisions/parsing.md has the times).
/// Such a tree is refused after the parse anyway (`GuardedParse`:
/// 125 levels are 500 deep), so this only spares the wait.
///
/// Read on the lexer's tokens: a `<` written right after a name (no space between, as in a type)
/// opens a level and each `>` that starts an operator closes one. Only what cannot be inside generic
/// arguments starts the count again (`{`, `}`, `;`, `=`, `,`, `&&`, `||`, a new line), so a run of
/// comparisons such as `a<b` never reaches the limit in code people write.
enum AngleGuard {
    static let nestingLimit = 256

    /// The UTF-8 offset of the first `<` of a nest deeper than `nestingLimit`; nil when it is safe.
    static func tooDeep(_ source: UnsafeBufferPointer<UInt8>) -> Int? {
        // No more `<` than the limit cannot nest deeper: most sources are never lexed here.
        var angles = 0
        for byte in source where byte == UInt8(ascii: "<") { angles += 1 }
        guard angles > nestingLimit else { return nil }
        let lexemes = SwiftLexemes(source: source)
        var (depth, outermost, found) = (0, 0, nil as Int?)
        var previous: SwiftLexemes.Token?
        lexemes.forEach { token in
            defer { previous = token }
            if token.isAtStartOfLine { depth = 0 }
            switch token.kind {
            case .binaryOperator, .prefixOperator, .postfixOperator:
                let text = lexemes.text(of: token)
                if text == "<", let previous, previous.range.upperBound == token.range.lowerBound,
                   previous.kind == .identifier || previous.kind == .keyword {
                    if depth == 0 { outermost = token.range.lowerBound }
                    depth += 1
                    if depth > nestingLimit { found = outermost }
                } else if text.hasPrefix(">"), !text.hasPrefix(">=") {
                    depth = max(0, depth - text.prefix { $0 == ">" }.count)
                } else if text == "&&" || text == "||" || text.hasSuffix("=") {
                    depth = 0
                }
            case .leftBrace, .rightBrace, .semicolon, .equal, .comma:
                depth = 0
            default:
                break
            }
            return found == nil
        }
        return found
    }
}
