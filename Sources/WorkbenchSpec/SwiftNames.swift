/// Swift names for the names a document uses, written the way swift-openapi-generator's
/// idiomatic naming writes them: words split at characters that cannot be in an identifier
/// (and at a lower-to-upper case change), then joined in camel case — upper for a type, lower
/// for a property or case — keeping each word's own capitals after its first letter.
enum SwiftNames {
    /// `pet_status` → `PetStatus`, `api-response` → `ApiResponse`, `Order` → `Order`.
    static func typeName(_ name: String) -> String {
        identifier(words(name).map(capitalized).joined(), fallback: "Schema")
    }

    /// `photo_urls` → `photoUrls`, `Id` → `id`, `X-Rate-Limit` → `xRateLimit`, `2fa` → `_2fa`.
    static func memberName(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_empty" }
        let head = first == first.uppercased() ? first.lowercased() : lowerFirst(first)
        return escaped(identifier(head + parts.dropFirst().map(capitalized).joined(), fallback: "_empty"))
    }

    /// Swift keywords that need backticks to be a member's name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "Type", "Protocol",
    ]

    /// Types a model's name must not take over in the session: Swift's, Foundation's that models
    /// use, and the names a snippet itself writes.
    static let reservedTypeNames: Set<String> = [
        "Error", "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result", "Never", "Void",
        "Any", "Type", "Self", "Protocol", "Codable", "Decodable", "Encodable", "Decoder", "Encoder", "CodingKey",
        "CodingKeys", "DecodingError", "EncodingError", "Hashable", "Equatable", "Comparable", "Identifiable",
        "Sendable", "Sequence", "Collection", "Range", "Substring", "Task", "Date", "Data", "URL", "UUID", "Decimal",
        "Locale", "Calendar", "TimeZone", "Notification", "JSONDecoder", "JSONEncoder", "Workbench", "Sandbox",
    ]

    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The words of `name`: runs of letters and digits, also split where a lower-case letter or
    /// digit is followed by an upper-case one (`petId` → `pet`, `Id`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// `text` made a valid identifier: only ASCII letters, digits and `_`, not starting with a digit.
    private static func identifier(_ text: String, fallback: String) -> String {
        var result = String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
        if result.isEmpty { result = fallback }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
