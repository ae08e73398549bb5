import ModelRuntime

/// Swift names for JSON keys: property identifiers and type names.
enum InferredNames {
    static let keywords = SwiftKeywords.reserved
    /// Type names that would clash with Swift's own or with the types the decoder knows.
    static let reservedTypes: Set<String> = [
        "Type", "Self", "Any", "Protocol", "String", "Int", "Double", "Float", "Bool", "Date", "URL", "UUID",
        "Decimal", "Data", "Array", "Dictionary", "Optional", "Error", "CodingKeys",
    ]

    static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
    }

    /// A valid property name for `key`: itself when it is one, else a lowerCamel form.
    static func identifier(_ key: String) -> String {
        if isIdentifier(key) && !keywords.contains(key) { return key }
        let parts = words(key)
        var name = parts.enumerated().map { index, part in
            index == 0 ? part.prefix(1).lowercased() + part.dropFirst() : part.prefix(1).uppercased() + part.dropFirst()
        }.joined()
        if name.isEmpty { name = "value" }
        if name.first?.isNumber == true { name = "_" + name }
        if keywords.contains(name) { name += "Value" }
        return name
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// An UpperCamel type name for `key`, different from the names in `used`.
    static func typeName(_ key: String, avoiding used: inout Set<String>) -> String {
        var name = words(key).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Value" }
        if name.first?.isNumber == true { name = "T" + name }
        if reservedTypes.contains(name) { name += "Info" }
        var candidate = name
        var counter = 2
        while used.contains(candidate) || used.contains(singular(candidate)) {
            candidate = name + String(counter)
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// `users` → `User`, `categories` → `Category`, `boxes` → `Box`; unchanged names get `Element`.
    static func singular(_ name: String) -> String {
        var result = name
        if name.hasSuffix("ies") && name.count > 3 {
            result = String(name.dropLast(3)) + "y"
        } else if ["sses", "xes", "ches", "shes"].contains(where: name.hasSuffix) {
            result = String(name.dropLast(2))
        } else if name.hasSuffix("s") && !name.hasSuffix("ss") && name.count > 1 {
            result = String(name.dropLast())
        }
        if result == name { result += "Element" }
        if reservedTypes.contains(result) { result += "Info" }
        return result
    }
}
