@_spi(Testing) internal import SwiftParser
@_spi(RawSyntax) internal import SwiftSyntax

/// swift-syntax's own lexer over Swift source, without its parser: the tokens the parser would
/// read, in one pass that stops when asked.
///
/// The lexer is SPI in swift-syntax 602 (`@_spi(Testing) Lexer.tokenize`); it is the only way to
/// read its tokens without parsing, and parsing is what `BracketGuard` must decide about first.
/// A swift-syntax update that moves it breaks this file alone.
struct SwiftLexemes {
    /// One token.
    struct Token {
        let kind: RawTokenKind
        /// Where its text is, in UTF-8 bytes from the start of the source (trivia left out).
        let range: Range<Int>
        /// Whether a line break comes before it (in its leading trivia).
        let isAtStartOfLine: Bool
    }

    let source: UnsafeBufferPointer<UInt8>

    /// Calls `body` with each token from byte `offset` on, lexed as code from there, the end of
    /// file last, until `body` returns false.
    func forEach(from offset: Int = 0, _ body: (Token) -> Bool) {
        guard offset < source.count else {
            _ = body(Token(kind: .endOfFile, range: source.count..<source.count, isAtStartOfLine: false))
            return
        }
        var tracker = LookaheadTracker()
        withUnsafeMutablePointer(to: &tracker) { tracker in
            var start = offset
            for lexeme in Lexer.tokenize(source, from: offset, lookaheadTracker: tracker) {
                let text = start + lexeme.textRange.lowerBound
                let token = Token(kind: lexeme.rawTokenKind, range: text..<text + lexeme.tokenText.count,
                                  isAtStartOfLine: lexeme.flags.contains(.isAtStartOfLine))
                guard body(token), lexeme.rawTokenKind != .endOfFile else { return }
                start += lexeme.byteLength
            }
        }
    }

    /// The token's text.
    func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: source[token.range]), as: UTF8.self)
    }
}
