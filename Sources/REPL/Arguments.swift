import WorkbenchKit
import WorkbenchScript

/// Shell-like splitting of a command's arguments into words.
public enum Arguments {
    /// `text` as one word for `split`: as it is when it needs no quoting, else in single quotes
    /// (a single quote in it ends the quotes, is escaped, and opens them again).
    public static func quoted(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { " '\"\\".contains($0) }) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Splits on spaces, honouring '…' and "…" quoting and backslash escapes. A `\(expression)`
    /// outside single quotes is kept whole, as written: Swift interpolation, evaluated when the
    /// command runs (`get /posts/\(post.id)`).
    public static func split(_ raw: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var index = raw.startIndex
        while index < raw.endIndex {
            let character = raw[index]
            let next = raw.index(after: index)
            if character == "\\" && quote != "'" {
                inWord = true
                guard next < raw.endIndex else {
                    word.append("\\")
                    break
                }
                if raw[next] == "(", let close = InterpolationLexer().closingParenthesis(in: raw, from: raw.index(after: next)) {
                    word += raw[index...close]
                    index = raw.index(after: close)
                    continue
                }
                word.append(raw[next])
                index = raw.index(after: next)
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
            index = next
        }
        if let quote { throw UsageError("unterminated \(quote) quote in '\(raw)'") }
        if inWord { words.append(word) }
        return words
    }
}
