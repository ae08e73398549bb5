/// Swift's reflected type names (`Swift.Array<main.Post>`) written as source (`[Post]`).
enum SwiftTypeName {
    /// `name` with `Array`/`Optional`/`Dictionary` sugared and module prefixes dropped.
    static func readable(_ name: String, dropping module: String) -> String {
        var rest = Substring(name)
        return parse(&rest, modules: ["Swift", "Foundation", "FoundationEssentials", module])
    }

    private static func parse(_ text: inout Substring, modules: Set<String>) -> String {
        let head = text.prefix { $0 != "<" && $0 != "," && $0 != ">" }
        text = text.dropFirst(head.count)
        var components = head.trimmingCharacters(in: .whitespaces).split(separator: ".").map(String.init)
        if components.count > 1, modules.contains(components[0]) { components.removeFirst() }
        let base = components.joined(separator: ".")
        guard text.first == "<" else { return base }
        text = text.dropFirst()
        var arguments: [String] = []
        while !text.isEmpty {
            arguments.append(parse(&text, modules: modules))
            let separator = text.first
            text = text.dropFirst()
            if separator == ">" || separator == nil { break }
        }
        switch (base, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Optional", 1): return "\(arguments[0])?"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return base + "<" + arguments.joined(separator: ", ") + ">"
        }
    }
}
