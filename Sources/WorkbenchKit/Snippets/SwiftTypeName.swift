/// Swift's reflected type names (`Swift.Array<main.Post>`) written as source (`[Post]`).
enum SwiftTypeName {
    /// `name` with `Array`/`Optional`/`Dictionary` sugared and module prefixes dropped, also inside
    /// tuples and function types: `(Swift.Int, Swift.Array<main.Post>)` reads `(Int, [Post])`.
    static func readable(_ name: String, dropping module: String) -> String {
        var rest = Substring(name)
        return sequence(&rest, modules: ["Swift", "Foundation", "FoundationEssentials", module], stops: [])
    }

    /// Reads up to an unbalanced character of `stops` (left in `text`) or the end.
    private static func sequence(_ text: inout Substring, modules: Set<String>, stops: Set<Character>) -> String {
        var result = ""
        while let character = text.first {
            if text.hasPrefix("->") {
                result += "->"
                text = text.dropFirst(2)
            } else if stops.contains(character) {
                break
            } else if character.isLetter || character == "_" {
                result += named(&text, modules: modules)
            } else if let close = ([Character("("): Character(")"), "[": "]"] as [Character: Character])[character] {
                text = text.dropFirst()
                result.append(character)
                while true {
                    result += sequence(&text, modules: modules, stops: [",", close])
                    guard let separator = text.first else { break }
                    text = text.dropFirst()
                    result.append(separator)
                    if separator == close { break }
                }
            } else {
                result.append(character)
                text = text.dropFirst()
            }
        }
        return result
    }

    /// A dotted name without its module, and its generic arguments, sugared where Swift has sugar.
    private static func named(_ text: inout Substring, modules: Set<String>) -> String {
        let dotted = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        text = text.dropFirst(dotted.count)
        var components = dotted.split(separator: ".").map(String.init)
        if components.count > 1, modules.contains(components[0]) || HostModuleName.isHostModule(components[0]) {
            components.removeFirst()
        }
        let base = components.joined(separator: ".")
        guard text.first == "<" else { return base }
        text = text.dropFirst()
        var arguments: [String] = []
        while !text.isEmpty {
            arguments.append(sequence(&text, modules: modules, stops: [",", ">"]).trimmingCharacters(in: " "))
            let separator = text.first
            text = text.dropFirst()
            if separator == ">" || separator == nil { break }
        }
        switch (base, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Optional", 1):
            let wrapped = arguments[0]
            return wrapped.contains("->") || wrapped.hasPrefix("any ") || wrapped.hasPrefix("some ") ? "(\(wrapped))?" : "\(wrapped)?"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return base + "<" + arguments.joined(separator: ", ") + ">"
        }
    }
}

/// The modules the prompt's Swift host compiles inputs into (`__wb_in3`): the one program the session
/// stands for is module `main`, so their names are never shown.
public enum HostModuleName {
    public static let prefix = "__wb_in"

    public static func of(input number: Int) -> String { prefix + String(number) }

    public static func isHostModule(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(prefix) && name.count > prefix.count && name.dropFirst(prefix.count).allSatisfy(\.isNumber)
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
