extension ModelDeclaration {
    /// The declaration as Swift source, indented by `indent`; parsing it again gives an equal declaration.
    public func swiftSource(indent: String = "") -> String {
        if kind == .alias { return "\(indent)typealias \(name) = \(aliased?.source ?? "Never")" }
        let inner = indent + "    "
        var header = "\(indent)\(kind.rawValue) \(name)"
        if !inherited.isEmpty { header += ": " + inherited.joined(separator: ", ") }
        var sections: [[String]] = []
        var fields: [String] = []
        for property in properties {
            var line = "\(inner)\(property.isLet ? "let" : "var") \(Self.escaped(property.name)): \(property.type.source)"
            if let value = property.defaultValue { line += " = \(value.source)" }
            fields.append(line)
        }
        for enumCase in cases {
            var line = "\(inner)case \(Self.escaped(enumCase.name))"
            if let raw = enumCase.rawValue { line += " = \(raw.source)" }
            fields.append(line)
        }
        if !fields.isEmpty { sections.append(fields) }
        for declaration in nested {
            sections.append([declaration.swiftSource(indent: inner)])
        }
        if let codingKeys {
            var lines = ["\(inner)enum CodingKeys: String, CodingKey {"]
            for key in codingKeys {
                lines.append("\(inner)    case \(Self.escaped(key.name))" + (key.hasExplicitKey ? " = \(key.key.debugDescription)" : ""))
            }
            lines.append("\(inner)}")
            sections.append([lines.joined(separator: "\n")])
        }
        for member in keptMembers {
            let lines = member.split(separator: "\n", omittingEmptySubsequences: false)
            sections.append([lines.map { $0.isEmpty ? "" : inner + $0 }.joined(separator: "\n")])
        }
        if sections.isEmpty { return header + " {}" }
        let body = sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
        return header + " {\n" + body + "\n" + indent + "}"
    }

    /// `name`, in backticks when it is a Swift keyword.
    static func escaped(_ name: String) -> String {
        SwiftKeywords.reserved.contains(name) ? "`\(name)`" : name
    }
}
