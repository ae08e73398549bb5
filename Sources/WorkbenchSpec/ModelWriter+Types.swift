import OpenAPIKit

/// The Swift type a schema is written as, inside a declaration.
extension ModelWriter {
    /// `String`, `Int64`, `[Tag]`, `[String: Int]`, `Date`, a document type's name, or a nested
    /// type declared into `nested` (named `name`) for an inline object, enum or `oneOf`; nil for a
    /// schema no `Codable` type holds (any JSON). Nullable schemas end in `?`.
    mutating func swiftType(_ schema: JSONSchema, name: String, nested: inout [String], owner: String, indent: String = "    ") -> String? {
        let optional = schema.nullable ? "?" : ""
        switch schema.value {
        case .reference(let reference, _):
            guard let target = SchemaReferences.componentName(reference), let typeName = typeNames[target] else { return nil }
            if let aliased = spec.schema(named: target), declaresNothing(aliased) { return nil }
            return typeName + optional
        case .string(let core, _):
            if let values = schema.allowedValues, !values.isEmpty, values.allSatisfy({ $0.value is String }) {
                nested.append(stringEnum(name, values, indent: indent))
                return name + optional
            }
            if core.format == .dateTime {
                usesDates = true
                return "Date" + optional
            }
            return "String" + optional
        case .integer(let core, _):
            switch core.format {
            case .int32: return "Int32" + optional
            case .int64: return "Int64" + optional
            default: return "Int" + optional
            }
        case .number(let core, _):
            return (core.format == .float ? "Float" : "Double") + optional
        case .boolean:
            return "Bool" + optional
        case .array(_, let array):
            guard let items = array.items, let element = swiftType(items, name: name + "Item", nested: &nested, owner: owner + "[]", indent: indent) else { return nil }
            return "[\(element)]" + optional
        case .object(_, let object):
            if object.properties.isEmpty {
                guard case .b(let values)? = object.additionalProperties,
                      let value = swiftType(values, name: name + "Value", nested: &nested, owner: owner + "{}", indent: indent) else { return nil }
                return "[String: \(value)]" + optional
            }
            nested.append(structure(name, schema, indent: indent, owner: owner))
            return name + optional
        case .all(let parts, _):
            if parts.count == 1 { return swiftType(parts[0], name: name, nested: &nested, owner: owner, indent: indent).map { $0.hasSuffix("?") ? $0 : $0 + optional } }
            nested.append(structure(name, schema, indent: indent, owner: owner))
            return name + optional
        case .one(let parts, _), .any(let parts, _):
            let nonNull = parts.filter { !$0.isNull }
            let nullable = nonNull.count < parts.count || schema.nullable
            // `oneOf` of `const`s (an enum with titles, as Discord writes them): their one scalar type.
            if let scalar = Self.constType(of: nonNull) { return scalar + (nullable ? "?" : "") }
            if nonNull.count == 1 {
                return swiftType(nonNull[0], name: name, nested: &nested, owner: owner, indent: indent).map { nullable && !$0.hasSuffix("?") ? $0 + "?" : $0 }
            }
            guard !nonNull.isEmpty else { return nil }
            let declaration = alternatives(name, nonNull, indent: indent, owner: owner)
            nested.append(declaration)
            return name + (nullable ? "?" : "")
        case .fragment:
            return Self.constType(of: [schema]).map { $0 + optional }
        case .null, .not:
            return nil
        }
    }

    /// The scalar type every one of `schemas` is a `const` (or `enum`) of, without a type of its
    /// own: `Int`, `String`, `Bool` or `Double`; nil when they are not all such, or differ.
    static func constType(of schemas: [JSONSchema]) -> String? {
        var found: String?
        for schema in schemas {
            guard case .fragment = schema.value, let values = schema.allowedValues, !values.isEmpty else { return nil }
            for value in values {
                let type: String
                switch value.value {
                case is Bool: type = "Bool"
                case is Int: type = "Int"
                case is Double: type = "Double"
                case is String: type = "String"
                default: return nil
                }
                if found == nil || (found == "Int" && type == "Double") { found = type } else if found != type && !(found == "Double" && type == "Int") { return nil }
            }
        }
        return found
    }

    /// Whether a top-level schema gets no declaration (any JSON), so what refers to it is left out
    /// too. An object without properties is declared as an empty struct (it decodes any object),
    /// unless it is a map whose values nothing holds.
    func declaresNothing(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        if case .object(_, let object) = schema.value, object.properties.isEmpty {
            if case .b(let values)? = object.additionalProperties { return holdsNothing(values, depth: depth + 1) }
            return false
        }
        switch schema.value {
        case .object, .all, .one, .any: return false
        default: return holdsNothing(schema, depth: depth + 1)
        }
    }

    /// Whether `swiftType` finds no type for the schema where it is used (a property, an element).
    func holdsNothing(_ schema: JSONSchema, depth: Int) -> Bool {
        guard depth < 12 else { return false }
        switch schema.value {
        case .fragment: return Self.constType(of: [schema]) == nil
        case .null, .not: return true
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return true }
            return declaresNothing(target, depth: depth + 1)
        case .object(_, let object):
            if !object.properties.isEmpty { return false }
            if case .b(let values)? = object.additionalProperties { return holdsNothing(values, depth: depth + 1) }
            return true
        case .array(_, let array): return array.items.map { holdsNothing($0, depth: depth + 1) } ?? true
        case .all(let parts, _) where parts.count == 1: return holdsNothing(parts[0], depth: depth + 1)
        case .one(let parts, _), .any(let parts, _):
            let nonNull = parts.filter { !$0.isNull }
            if Self.constType(of: nonNull) != nil { return false }
            return nonNull.isEmpty || (nonNull.count == 1 && holdsNothing(nonNull[0], depth: depth + 1))
        default: return false
        }
    }
}
