import OpenAPIKit
import WorkbenchKit

/// The text of each declaration.
extension ModelWriter {
    /// One top-level declaration for the schema, or nil (with a note) when no Swift type holds it.
    mutating func declaration(_ typeName: String, _ schema: JSONSchema, schemaName: String) -> String? {
        let resolved = schema
        if case .object(_, let object) = resolved.value, object.properties.isEmpty, case .b? = object.additionalProperties {
            return alias(typeName, resolved, schemaName: schemaName)
        }
        switch resolved.value {
        case .object, .all:
            return structure(typeName, resolved, indent: "", owner: schemaName)
        case .string where !(resolved.allowedValues ?? []).isEmpty:
            return stringEnum(typeName, resolved.allowedValues ?? [], indent: "")
        case .one(let parts, _) where Self.isAlternatives(parts), .any(let parts, _) where Self.isAlternatives(parts):
            return alternatives(typeName, parts.filter { !$0.isNull }, indent: "", owner: schemaName)
        default:
            return alias(typeName, resolved, schemaName: schemaName)
        }
    }

    /// `typealias NAME = TYPE` for an array, a map, a scalar or a reference; a nested type it needs
    /// (an inline enum or object) is declared beside it, under its own name.
    private mutating func alias(_ typeName: String, _ schema: JSONSchema, schemaName: String) -> String? {
        var nested: [String] = []
        guard let type = swiftType(schema, name: typeName + "Element", nested: &nested, owner: schemaName, indent: "") else {
            notes.append("\(schemaName): any JSON value; no Codable type holds one, so it is not declared")
            return nil
        }
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        return (nested + ["typealias \(typeName) = \(base)"]).joined(separator: "\n\n")
    }

    /// Whether a `oneOf`/`anyOf` is an enum of alternatives: more than one that is not null, and
    /// not all `const`s of one scalar type (those are that type).
    static func isAlternatives(_ parts: [JSONSchema]) -> Bool {
        let nonNull = parts.filter { !$0.isNull }
        return nonNull.count > 1 && constType(of: nonNull) == nil
    }

    /// The properties of an object schema, `allOf` parts merged in order, with which are required.
    func objectProperties(of schema: JSONSchema) -> [(name: String, schema: JSONSchema)] {
        mergedObject(schema).properties
    }

    func mergedObject(_ schema: JSONSchema, depth: Int = 0) -> (properties: [(name: String, schema: JSONSchema)], required: Set<String>, additional: JSONSchema?) {
        guard depth < 16 else { return ([], [], nil) }
        switch schema.value {
        case .object(_, let object):
            var additional: JSONSchema?
            if case .b(let schema)? = object.additionalProperties { additional = schema }
            let properties = spec.keyOrder.ordered(object.properties.map { (name: $0.key, schema: $0.value) }, key: \.name)
            return (properties, Set(object.requiredProperties), additional)
        case .all(let parts, _):
            var properties: [(name: String, schema: JSONSchema)] = []
            var required = Set<String>()
            var additional: JSONSchema?
            for part in parts {
                let merged = mergedObject(part, depth: depth + 1)
                for property in merged.properties {
                    if let index = properties.firstIndex(where: { $0.name == property.name }) { properties[index] = property } else { properties.append(property) }
                }
                required.formUnion(merged.required)
                additional = additional ?? merged.additional
            }
            return (properties, required, additional)
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return ([], [], nil) }
            // Once per schema: a large document's `allOf` chains are merged again for every use (Elasticsearch's took minutes).
            if let merged = cache.merged[name] { return merged }
            let merged = mergedObject(target, depth: depth + 1)
            cache.merged[name] = merged
            return merged
        default:
            return ([], [], nil)
        }
    }

    /// `struct NAME: Codable { … }` with a property per JSON property (optional unless required and
    /// not nullable), `CodingKeys` when a JSON name is not the Swift name, and nested types last.
    mutating func structure(_ typeName: String, _ schema: JSONSchema, indent: String, owner: String) -> String {
        let merged = mergedObject(schema)
        var lines = ["\(indent)struct \(typeName): Codable {"]
        var nested: [String] = []
        var keys: [(swift: String, json: String)] = []
        var usedNames = Set<String>()
        for (jsonName, propertySchema) in merged.properties {
            if let target = directReference(propertySchema), cutTargets.contains(target) {
                notes.append("\(owner).\(jsonName): left out, it holds \(typeNames[target] ?? target), which holds \(typeName) again (a struct cannot contain itself)")
                continue
            }
            var swiftName = SwiftNames.memberName(jsonName)
            while usedNames.contains(swiftName) { swiftName += "_" }
            guard let type = swiftType(propertySchema, name: nestedName(for: jsonName, in: typeName), nested: &nested, owner: "\(owner).\(jsonName)", indent: indent + "    ") else {
                notes.append("\(owner).\(jsonName): any JSON value, left out (no Codable type holds one; decoding skips it)")
                continue
            }
            usedNames.insert(swiftName)
            let optional = !merged.required.contains(jsonName) || propertySchema.nullable
            lines.append("\(indent)    let \(swiftName): \(type)\(optional && !type.hasSuffix("?") ? "?" : "")")
            keys.append((swiftName, jsonName))
        }
        if keys.contains(where: { $0.swift.replacingOccurrences(of: "`", with: "") != $0.json }) {
            lines.append("")
            lines.append("\(indent)    enum CodingKeys: String, CodingKey {")
            for key in keys {
                let bare = key.swift.replacingOccurrences(of: "`", with: "")
                lines.append("\(indent)        case \(key.swift)" + (bare == key.json ? "" : " = \(JSONString.quoted(key.json))"))
            }
            lines.append("\(indent)    }")
        }
        for block in nested {
            lines.append("")
            lines.append(block)
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    /// A nested type's name for property `jsonName` (`status` → `Status`), kept apart from the
    /// document's own type names, which it would hide inside the struct.
    func nestedName(for jsonName: String, in owner: String) -> String {
        var name = SwiftNames.typeName(jsonName)
        if typeNames.values.contains(name) || SwiftNames.reservedTypeNames.contains(name) || name == owner { name += "Value" }
        return name
    }

    /// `enum NAME: String, Codable { case a; case bB = "b-b" }`.
    func stringEnum(_ typeName: String, _ values: [AnyCodable], indent: String) -> String {
        var lines = ["\(indent)enum \(typeName): String, Codable {"]
        var used = Set<String>()
        var seen = Set<String>()
        for value in values {
            // A value listed twice is one case (Swift refuses two cases with one raw value).
            guard let raw = value.value as? String, seen.insert(raw).inserted else { continue }
            var name = raw.isEmpty ? "_empty" : SwiftNames.memberName(raw)
            while used.contains(name) { name += "_" }
            used.insert(name)
            let bare = name.replacingOccurrences(of: "`", with: "")
            lines.append("\(indent)    case \(name)" + (bare == raw ? "" : " = \(JSONString.quoted(raw))"))
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    /// `oneOf`/`anyOf`: an enum with a case per alternative, decoded by trying each in order (the
    /// first that decodes wins) and encoded as the alternative it holds.
    mutating func alternatives(_ typeName: String, _ parts: [JSONSchema], indent: String, owner: String) -> String {
        var cases: [(name: String, type: String)] = []
        var inner: [String] = []
        for (index, part) in parts.enumerated() {
            guard let type = swiftType(part, name: "Case\(index + 1)", nested: &inner, owner: owner, indent: indent + "    ") else { continue }
            let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
            var name = Self.caseName(for: bare)
            while cases.contains(where: { $0.name == name }) { name += "\(index + 1)" }
            cases.append((name, bare))
        }
        // Indirect: an alternative may hold this enum again (a struct cannot; an indirect enum can).
        var lines = ["\(indent)indirect enum \(typeName): Codable {"]
        lines += cases.map { "\(indent)    case \($0.name)(\($0.type))" }
        lines.append("")
        lines.append("\(indent)    init(from decoder: Decoder) throws {")
        for (name, type) in cases {
            lines.append("\(indent)        if let value = try? \(type)(from: decoder) {")
            lines.append("\(indent)            self = .\(name)(value)")
            lines.append("\(indent)            return")
            lines.append("\(indent)        }")
        }
        lines.append("\(indent)        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \"The value is none of \(typeName)'s alternatives.\"))")
        lines.append("\(indent)    }")
        lines.append("")
        lines.append("\(indent)    func encode(to encoder: Encoder) throws {")
        lines.append("\(indent)        switch self {")
        lines += cases.map { "\(indent)        case .\($0.name)(let value): try value.encode(to: encoder)" }
        lines.append("\(indent)        }")
        lines.append("\(indent)    }")
        for block in inner {
            lines.append("")
            lines.append(block)
        }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    /// `pet` for `Pet`, `string` for `String`, `petArray` for `[Pet]`, `dictionary` for a map.
    static func caseName(for type: String) -> String {
        if type.hasPrefix("[") && type.contains(":") { return "dictionary" }
        if type.hasPrefix("[") { return caseName(for: String(type.dropFirst().dropLast())) + "Array" }
        let map = ["String": "string", "Int": "int", "Int32": "int32", "Int64": "int64", "Double": "double", "Float": "float", "Bool": "bool", "Date": "date"]
        return map[type] ?? SwiftNames.memberName(type)
    }
}
