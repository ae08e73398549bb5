@_spi(RawSyntax) internal import SwiftSyntax
import WorkbenchKit

/// Where a `\(…)` in a command's text ends (`get /posts/\(post.id)`), by swift-syntax's lexer: the
/// `)` that balances its `(`, where a string literal, a comment or a regex in the expression hides
/// what it holds (`\(d[")"])`, `\(f(#"a"b"#))`), as in a string literal of Swift source.
public struct InterpolationLexer: InterpolationEnds {
    public init() {}

    public func closingParenthesis(in text: String, from start: String.Index) -> String.Index? {
        var text = text
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        let close: Int? = text.withUTF8 { bytes in
            var depth = 1
            var close: Int?
            // The expression is lexed as code from `start`, as the lexer reads a `\(…)`, and the
            // lexing stops at the `)` that closes it: what follows is the text's, not code.
            SwiftLexemes(source: bytes).forEach(from: offset) { token in
                switch token.kind {
                case .leftParen: depth += 1
                case .rightParen:
                    depth -= 1
                    if depth == 0 { close = token.range.lowerBound }
                default: break
                }
                return close == nil
            }
            return close
        }
        return close.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }
}
