import Foundation
import WorkbenchKit

/// httpie's request items: `name==value` query, `Header:value` header, `field=value` JSON string,
/// `field:=json` raw JSON; a first word that is none of these is the path or URL.
struct RequestShorthand: Equatable {
    var target: String?
    var query: [URLQueryItem] = []
    var headers: [HeaderList.Field] = []
    var fields: [(name: String, value: JSONField)] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.target == rhs.target && lhs.query == rhs.query && lhs.headers == rhs.headers
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    static func parse(_ words: [String]) throws -> RequestShorthand {
        var result = RequestShorthand()
        for (index, word) in words.enumerated() {
            if index == 0 && isTarget(word) {
                result.target = word
                continue
            }
            guard let separator = word.firstIndex(where: { $0 == ":" || $0 == "=" }), separator != word.startIndex else {
                throw UsageError("'\(word)' is not a request item — use name==value, Header:value, field=value or field:=json"
                    + (index == 0 ? "" : " (the path or URL comes first)"))
            }
            let name = String(word[..<separator])
            let rest = word[separator...]
            if rest.hasPrefix(":=") {
                result.fields.append((name, .json(String(rest.dropFirst(2)))))
            } else if rest.hasPrefix("==") {
                result.query.append(URLQueryItem(name: name, value: String(rest.dropFirst(2))))
            } else if rest.hasPrefix("=") {
                result.fields.append((name, .string(String(rest.dropFirst()))))
            } else {
                result.headers.append(HeaderList.Field(name: name, value: rest.dropFirst().trimmingCharacters(in: .whitespaces)))
            }
        }
        return result
    }

    /// A path (`/x`, `x`, `..`) or a URL (`localhost:8080/x` too, `RequestTarget`), rather than a request item.
    static func isTarget(_ word: String) -> Bool {
        if RequestTarget.isURL(word) || word.hasPrefix("/") || word.hasPrefix(".") { return true }
        return !word.contains(":") && !word.contains("=")
    }
}
