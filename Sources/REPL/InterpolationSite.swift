import WorkbenchScript

/// Where a command's `\(expression)` was typed: found in the part of the input its statements were
/// read from (the command's arguments), by the lexer that ends an interpolation where Swift does,
/// so that text inside another `\(…)` (a string literal `"\\(x)"`) is never taken for it.
enum InterpolationSite {
    /// The range of the first `\(expression)` within `source` of `input`; nil when there is none
    /// (written with shell escapes that make it, for one).
    static func find(_ expression: String, in input: String, within source: Range<String.Index>) -> Range<String.Index>? {
        let lexer = InterpolationLexer()
        var index = source.lowerBound
        while index < source.upperBound {
            let next = input.index(after: index)
            guard input[index] == "\\", next < source.upperBound, input[next] == "(" else {
                index = next
                continue
            }
            let inner = input.index(after: next)
            // An unclosed `\(` is text, as `Interpolation.segments` reads it: the search goes on after it.
            guard let close = lexer.closingParenthesis(in: input, from: inner), close < source.upperBound else {
                index = inner
                continue
            }
            if input[inner..<close] == expression { return index..<input.index(after: close) }
            index = input.index(after: close)
        }
        return nil
    }
}

extension CommandInvocation {
    /// Where its arguments are in `input`, the trimmed text it was read from: the source of the
    /// statements it stands for. The arguments are what follows the command's name (and a `:`,
    /// `let NAME = decode`, `export`), so they end the input.
    func argumentsRange(in input: String) -> Range<String.Index>? {
        guard input.hasSuffix(arguments) else { return nil }
        return input.index(input.endIndex, offsetBy: -arguments.count)..<input.endIndex
    }
}
