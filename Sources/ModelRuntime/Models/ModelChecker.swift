/// Checks a declaration as the Swift compiler would before it is added to the registry.
struct ModelChecker {
    let registry: ModelRegistry

    func check(_ declaration: ModelDeclaration, scope: [String]) throws(ModelSourceError) {
        let path = scope + [declaration.name]
        if ModelType.builtin(declaration.name) != nil || ["Array", "Dictionary", "Optional"].contains(declaration.name) {
            throw ModelSourceError(
                "'\(declaration.name)' would hide Swift's own type of that name; choose another name",
                line: declaration.line)
        }
        if declaration.states("CodingKeyRepresentable")
            && !(declaration.kind == .enumeration && [.string, .integer(.int)].contains(declaration.rawType)) {
            // Swift supplies `init?(codingKey:)` only for enums with String or Int raw values.
            throw ModelSourceError(
                "type '\(declaration.name)' does not conform to protocol 'CodingKeyRepresentable'", line: declaration.line)
        }
        var names: Set<String> = []
        for nested in declaration.nested where !names.insert(nested.name).inserted {
            throw ModelSourceError("invalid redeclaration of '\(nested.name)'", line: nested.line)
        }
        switch declaration.kind {
        case .structure: try checkStructure(declaration, path: path)
        case .enumeration: try checkEnumeration(declaration)
        case .alias: try checkAlias(declaration, path: path)
        }
        for nested in declaration.nested {
            try check(nested, scope: path)
        }
    }

    private func checkStructure(_ declaration: ModelDeclaration, path: [String]) throws(ModelSourceError) {
        var names: Set<String> = []
        for property in declaration.properties where !names.insert(property.name).inserted {
            throw ModelSourceError("invalid redeclaration of '\(property.name)'", line: property.line)
        }
        let synthesis = "type '\(declaration.name)' does not conform to protocol 'Decodable': "
            + "cannot automatically synthesize 'Decodable' because"
        if let codingKeys = declaration.codingKeys, declaration.isDecodable {
            for key in codingKeys where !names.contains(key.name) {
                throw ModelSourceError(
                    "type '\(declaration.name)' does not conform to protocol 'Decodable': CodingKey case "
                        + "'\(key.name)' does not match any stored properties", line: declaration.line)
            }
            for property in declaration.properties where !codingKeys.contains(where: { $0.name == property.name }) {
                let implicitNil = !property.isLet && { if case .optional = property.type { true } else { false } }()
                if property.defaultValue == nil && !implicitNil {
                    throw ModelSourceError(
                        "\(synthesis) '\(property.name)' does not have a matching CodingKey and does not have a default value",
                        line: property.line)
                }
            }
        }
        // Resolving the whole struct checks types, defaults and the Decodable rules of its properties.
        // Names not declared yet are left for decoding to report: a later input may declare them.
        do {
            let resolver = SchemaResolver(registry: registry)
            resolver.defersUnresolvedNames = true
            _ = try resolver.resolve(.named(path.joined(separator: ".")), scope: [])
        } catch {
            throw ModelSourceError(error.message, line: error.line ?? declaration.line, column: error.column ?? 1)
        }
    }

    /// An alias may name types declared after it, as in a Swift file; a cycle or a key that is not
    /// `Hashable` is an error now.
    private func checkAlias(_ declaration: ModelDeclaration, path: [String]) throws(ModelSourceError) {
        do {
            _ = try SchemaResolver(registry: registry).resolve(.named(path.joined(separator: ".")), scope: [])
        } catch where error.unresolvedName != nil {
            return
        } catch {
            throw ModelSourceError(error.message, line: error.line ?? declaration.line, column: error.column ?? 1)
        }
    }

    private func checkEnumeration(_ declaration: ModelDeclaration) throws(ModelSourceError) {
        if declaration.isDecodable && declaration.rawType == nil {
            throw ModelSourceError(
                "enum '\(declaration.name)' needs a raw type (String or Int) to be decoded here; "
                    + "enums without one are not supported yet", line: declaration.line)
        }
        guard let rawType = declaration.rawType else { return }
        var seen: Set<String> = []
        var next: Int64 = 0
        for enumCase in declaration.cases {
            let raw: String
            switch (rawType, enumCase.rawValue) {
            case (.string, .string(let text)?): raw = text
            case (.string, nil): raw = enumCase.name
            case (.integer, .integer(let text)?):
                guard let value = Int64(text) else {
                    throw ModelSourceError("integer literal '\(text)' overflows", line: enumCase.line)
                }
                next = value
                raw = String(value)
                next &+= 1
            case (.integer, nil):
                raw = String(next)
                next &+= 1
            case (_, let other?):
                throw ModelSourceError(
                    "cannot convert value of type '\(other.literalTypeName)' to raw type '\(rawType.source)'",
                    line: enumCase.line)
            default:
                raw = enumCase.name
            }
            if !seen.insert(raw).inserted {
                throw ModelSourceError("raw value for enum case '\(enumCase.name)' is not unique", line: enumCase.line)
            }
        }
    }
}
