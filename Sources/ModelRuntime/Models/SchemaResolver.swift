import Foundation

/// Turns model types into resolved schemas, checking Swift's `Decodable` synthesis rules on the way.
final class SchemaResolver {
    let registry: ModelRegistry
    /// Set while checking a declaration as it is typed: a property whose type names a type not declared
    /// yet is left out instead of failing, since declarations may refer to types declared after them
    /// (as in a Swift file). Decoding resolves strictly and reports the name where it is written.
    var defersUnresolvedNames = false
    private var structs: [String: StructSchema] = [:]
    private var enums: [String: EnumSchema] = [:]
    /// The aliases being resolved, innermost last: one met again refers to itself.
    private var openAliases: [String] = []

    init(registry: ModelRegistry) {
        self.registry = registry
    }

    func resolve(_ type: ModelType, scope: [String]) throws(ModelTypeError) -> ResolvedType {
        switch type {
        case .integer(let kind): return .integer(kind)
        case .double: return .double
        case .float: return .float
        case .bool: return .bool
        case .string: return .string
        case .url: return .url
        case .date: return .date
        case .decimal: return .decimal
        case .uuid: return .uuid
        case .optional(let wrapped): return .optional(try resolve(wrapped, scope: scope))
        case .array(let element): return .array(try resolve(element, scope: scope))
        case .dictionary(let key, let value):
            let resolvedKey = try resolve(key, scope: scope)
            let resolvedValue = try resolve(value, scope: scope)
            if let offender = nonHashableName(in: resolvedKey) {
                throw ModelTypeError("type '\(offender)' does not conform to protocol 'Hashable'")
            }
            return .dictionary(key: resolvedKey, value: resolvedValue)
        case .named(let name):
            guard let (qualified, declaration) = registry.lookup(name, scope: scope) else {
                // Foundation's own (`Data`, `TimeZone`, …), unless a model of that name hides it, as in Swift.
                if let foundation = FoundationType.named(name) { return .foundation(foundation) }
                throw ModelTypeError.unresolved(name)
            }
            switch declaration.kind {
            case .structure: return .structure(try structure(declaration, qualifiedName: qualified))
            case .enumeration: return .enumeration(try enumeration(declaration, qualifiedName: qualified))
            case .alias: return try alias(declaration, qualifiedName: qualified)
            }
        }
    }

    private func structure(_ declaration: ModelDeclaration, qualifiedName: String) throws(ModelTypeError) -> StructSchema {
        if let done = structs[qualifiedName] { return done }
        let schema = StructSchema(name: declaration.name, qualifiedName: qualifiedName,
                                  isDecodable: declaration.isDecodable)
        structs[qualifiedName] = schema
        schema.needsContainer = !declaration.properties.isEmpty || !(declaration.codingKeys ?? []).isEmpty
        let scope = qualifiedName.split(separator: ".").map(String.init)
        let decoded = Dictionary(declaration.decodedProperties.map { ($0.property.name, $0.key) },
                                 uniquingKeysWith: { first, _ in first })
        for property in declaration.properties {
            let type: ResolvedType
            do {
                type = try resolve(property.type, scope: scope)
            } catch {
                if defersUnresolvedNames && error.unresolvedName != nil { continue }
                let reference = property.typeReferences.first { $0.name == error.unresolvedName }
                throw error.located(line: reference?.line ?? property.line, column: reference?.column ?? 1)
            }
            var field = FieldSchema(name: property.name, type: type, key: nil, defaultValue: nil)
            if let literal = property.defaultValue {
                do {
                    field.defaultValue = try literal.value(as: type)
                } catch {
                    throw error.located(line: property.line, column: 1)
                }
            } else if case .optional = type, !property.isLet {
                field.defaultValue = .null  // `var x: T?` starts as nil
            }
            if schema.isDecodable, let key = decoded[property.name] {
                if let offender = nonDecodableName(in: type) {
                    throw ModelTypeError(
                        "type '\(declaration.name)' does not conform to protocol 'Decodable': cannot automatically "
                            + "synthesize 'Decodable' because '\(offender)' does not conform to 'Decodable'",
                        line: property.line)
                }
                field.key = key
                if schema.keyIndex[key] == nil { schema.keyIndex[key] = schema.decodedFields.count }
                schema.decodedFields.append(schema.fields.count)
            }
            schema.fields.append(field)
        }
        return schema
    }

    /// The type a `typealias` stands for, its names looked up where the alias is declared.
    private func alias(_ declaration: ModelDeclaration, qualifiedName: String) throws(ModelTypeError) -> ResolvedType {
        guard !openAliases.contains(qualifiedName) else {
            throw ModelTypeError("type alias '\(declaration.name)' references itself", line: declaration.line)
        }
        openAliases.append(qualifiedName)
        defer { openAliases.removeLast() }
        let scope = qualifiedName.split(separator: ".").dropLast().map(String.init)
        do {
            return try resolve(declaration.aliased ?? .named(declaration.name), scope: scope)
        } catch {
            let reference = declaration.aliasReferences.first { $0.name == error.unresolvedName }
            throw error.located(line: reference?.line ?? declaration.line, column: reference?.column ?? 1)
        }
    }

    private func enumeration(_ declaration: ModelDeclaration, qualifiedName: String) throws(ModelTypeError) -> EnumSchema {
        if let done = enums[qualifiedName] { return done }
        let schema = EnumSchema(name: declaration.name, qualifiedName: qualifiedName,
                                rawType: declaration.rawType ?? .string,
                                isDecodable: declaration.isDecodable && declaration.rawType != nil,
                                isCodingKeyRepresentable: declaration.states("CodingKeyRepresentable"))
        enums[qualifiedName] = schema
        var nextInt: Int64 = 0
        for (index, enumCase) in declaration.cases.enumerated() {
            schema.caseNames.append(enumCase.name)
            if declaration.rawType == .string {
                var raw = enumCase.name
                if case .string(let text) = enumCase.rawValue { raw = text }
                if schema.stringRawValues[raw] == nil { schema.stringRawValues[raw] = index }
            } else {
                if case .integer(let text) = enumCase.rawValue, let value = Int64(text) { nextInt = value }
                if schema.intRawValues[nextInt] == nil { schema.intRawValues[nextInt] = index }
                nextInt &+= 1
            }
        }
        return schema
    }

    /// The name of the first type inside `type` that is not `Decodable`, if any.
    func nonDecodableName(in type: ResolvedType) -> String? {
        switch type {
        case .optional(let inner), .array(let inner):
            nonDecodableName(in: inner)
        case .dictionary(let key, let value):
            nonDecodableName(in: key) ?? nonDecodableName(in: value)
        case .structure(let schema): schema.isDecodable ? nil : schema.name
        case .enumeration(let schema): schema.isDecodable ? nil : schema.name
        default: nil
        }
    }

    /// The name of the first type inside a dictionary key type that is not `Hashable`, if any.
    func nonHashableName(in type: ResolvedType) -> String? {
        switch type {
        case .optional(let inner), .array(let inner): nonHashableName(in: inner)
        case .dictionary(_, let value): nonHashableName(in: value)
        case .structure(let schema):
            (registry.declaration(named: schema.qualifiedName)?.isHashable ?? false) ? nil : schema.name
        default: nil
        }
    }
}
