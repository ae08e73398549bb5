import SwiftParser
import SwiftSyntax

/// Whether Swift typed so far is a whole input, as swift-syntax's parser reads it.
///
/// Incomplete means that all the parser finds wrong is missing at the very end: a `}`, `)` or `]`,
/// a closing quote or `*/`, the body of an `if`, the operand after an operator. That is the question
/// LLDB's REPL asks the compiler's parser (`isSourceInputComplete`). Anything else wrong (a stray
/// closer, a one-line string left open on an earlier line) makes the input complete, so that it
/// runs and fails with the parser's own error.
public enum SwiftCompleteness {
    /// True when `source` is a valid beginning that ends too early: the prompt reads another line.
    public static func endsTooEarly(_ source: String) -> Bool {
        // What the parser is not given runs at once and fails with the guard's error.
        if FirstSyntaxError.beforeParsing(source) != nil { return false }
        let tree = Parser.parse(source: source)
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
