@_spi(RawSyntax) internal import SwiftSyntax

/// What swift-syntax's lexer leaves open at the end of Swift that grows line by line: `(`, `[` and
/// `{` not closed yet, or a multi-line string. Read in time linear in all the lines together: each
/// read starts again at the last line that began as code, not at the start of the source.
///
/// It only says when an input is certainly unfinished. A bracket open in code is always one the
/// parser misses (strings, comments and regex literals hold none the lexer counts), so the answer
/// the parser gives for such a source is "incomplete", or "complete" when something else is wrong
/// earlier. `SwiftCompleteness` uses it to ask the parser less often about a long paste.
struct LexedOpenings {
    /// Brackets open at the end.
    private(set) var depth = 0
    /// Whether the end is inside a `"""` string (an odd number of them, as the lexer reads them).
    private(set) var inMultilineString = false
    /// Where reading can start again: the start of the last line that began in code, and the
    /// brackets open before it.
    private var resume = (offset: 0, depth: 0)
    /// How much of the source was read.
    private var read = 0

    var isOpen: Bool { depth > 0 || inMultilineString }

    /// Reads `source`, which goes on from the source read before (call `reset` when it does not).
    mutating func read(_ source: UnsafeBufferPointer<UInt8>) {
        defer { read = source.count }
        // Inside a `"""` string, a line with no `"` (that could close it) and no `\` (that could
        // start a `\(…)`) changes nothing: a pasted multi-line JSON document is not lexed again and again.
        if inMultilineString, read <= source.count,
           !source[read...].contains(UInt8(ascii: "\"")), !source[read...].contains(UInt8(ascii: "\\")) {
            return
        }
        (depth, inMultilineString) = (resume.depth, false)
        SwiftLexemes(source: source).forEach(from: resume.offset) { token in
            if token.isAtStartOfLine, !inMultilineString { resume = (token.range.lowerBound, depth) }
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth = max(0, depth - 1)
            case .multilineStringQuote: inMultilineString.toggle()
            default: break
            }
            return true
        }
    }

    mutating func reset() {
        self = LexedOpenings()
    }
}
