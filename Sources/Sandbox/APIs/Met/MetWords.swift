import Foundation

/// How the Met's search compares text: whole words, without case or accents, a plural finding its singular.
///
/// The recorded answers in Data/metmuseum/search are word matches: `q=cat` lists objects whose text has
/// "cat" or "cats" but leaves out ones that only hold "Yucatan", "catalogue" or "dedicated", and 974 of
/// the 979 objects of a `q=cats` search are also in the `q=cat` answer.
enum MetWords {
    /// The words of `text`: runs of letters and digits, lowercased, accents removed (`Arlésienne` → `arlesienne`).
    static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `words(_:)` for ASCII text, most of the records, without Foundation's folding (the index reads
    /// every field of every record on the first Met request).
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            default:
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The forms of a query word that count as that word: itself, its plural and, for a plural, its
    /// singular (`iris` ↔ `irises`, `cat` ↔ `cats`, `lily` ↔ `lilies`).
    static func forms(of word: String) -> Set<String> {
        var forms: Set<String> = [word, word + "s", word + "es"]
        if word.hasSuffix("y"), word.count > 2 { forms.insert(String(word.dropLast()) + "ies") }
        // A stem of fewer than 3 letters is too short to stand for the word ("as" is not "a").
        func stem(dropping count: Int) -> String? {
            word.count - count >= 3 ? String(word.dropLast(count)) : nil
        }
        if word.hasSuffix("ies"), let stem = stem(dropping: 3) { forms.insert(stem + "y") }
        if word.hasSuffix("es"), let stem = stem(dropping: 2) { forms.insert(stem) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), let stem = stem(dropping: 1) { forms.insert(stem) }
        return forms
    }

    /// Whether every word of `phrase` is, in one of its forms, among `words` (a filter value such as `Paintings`).
    static func contains(_ words: Set<String>, phrase: String) -> Bool {
        let wanted = Self.words(phrase)
        return !wanted.isEmpty && wanted.allSatisfy { !forms(of: $0).isDisjoint(with: words) }
    }
}
