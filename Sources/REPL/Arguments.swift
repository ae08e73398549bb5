/// Shell-like splitting of a command's arguments into words.
public enum Arguments {
    /// Splits on spaces, honouring '…' and "…" quoting and backslash escapes.
    public static func split(_ raw: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in raw {
            if escaping {
                word.append(character)
                escaping = false
            } else if character == "\\" && quote != "'" {
                escaping = true
                inWord = true
            } else if let open = quote {
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
        }
        if let quote { throw UsageError("unterminated \(quote) quote in '\(raw)'") }
        if escaping { word.append("\\") }
        if inWord { words.append(word) }
        return words
    }
}
