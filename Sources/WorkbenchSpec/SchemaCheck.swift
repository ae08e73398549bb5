import OpenAPIKit
import WorkbenchKit

/// Whether a JSON value matches a schema, and where it first does not: the JSON Schema keywords
/// a response body is checked against (types, `required`, `enum`, `items`, `properties`,
/// `additionalProperties`, `allOf`/`oneOf`/`anyOf`, nullability). Formats, lengths and bounds
/// are not checked: a warning should point at a wrong shape, not quibble.
struct SchemaCheck {
    let spec: APISpec

    struct Mismatch: Equatable {
        /// `$.tags[0].name`
        var path: String
        var reason: String
    }

    /// The first place `value` does not match `schema`, depth first in document order.
    func firstMismatch(_ value: JSONNode, _ schema: JSONSchema, path: String = "$", depth: Int = 0) -> Mismatch? {
        guard depth < 64 else { return nil }  // a self-referencing schema over a deep document: stop, do not recurse forever
        if value.isNull, schema.nullable || schema.isNull { return nil }
        if let allowed = schema.allowedValues, !allowed.isEmpty, !allowed.contains(where: { Self.equal(value, $0.value) }) {
            return Mismatch(path: path, reason: "\(Self.shown(value)) is not one of \(allowed.prefix(6).map { SchemaText.literal($0.value) }.joined(separator: ", "))\(allowed.count > 6 ? ", …" : "")")
        }
        switch schema.value {
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return nil }
            return firstMismatch(value, target, path: path, depth: depth + 1)
        case .fragment: return nil
        case .null: return value.isNull ? nil : expected("null", value, path)
        case .boolean: return value.bool != nil ? nil : expected("a boolean", value, path)
        case .string: return value.isString ? nil : expected("a string", value, path)
        case .number: return value.isNumber ? nil : expected("a number", value, path)
        case .integer:
            guard value.isNumber else { return expected("an integer", value, path) }
            if value.isInteger { return nil }
            if let double = value.double, double == double.rounded(), abs(double) < 9.0e15 { return nil }
            return Mismatch(path: path, reason: "expected an integer, found \(Self.shown(value))")
        case .array(_, let array):
            guard value.isArray else { return expected("an array", value, path) }
            guard let items = array.items else { return nil }
            for (index, element) in value.elements.enumerated() {
                if let mismatch = firstMismatch(element, items, path: "\(path)[\(index)]", depth: depth + 1) { return mismatch }
            }
            return nil
        case .object(_, let object):
            guard value.isObject else { return expected("an object", value, path) }
            for name in object.requiredProperties where value.member(name) == nil {
                return Mismatch(path: path, reason: "required property '\(name)' is missing")
            }
            for (key, member) in value.members {
                let memberPath = Self.path(path, key)
                if let property = object.properties[key] {
                    if let mismatch = firstMismatch(member, property, path: memberPath, depth: depth + 1) { return mismatch }
                } else if case .b(let additional)? = object.additionalProperties {
                    if let mismatch = firstMismatch(member, additional, path: memberPath, depth: depth + 1) { return mismatch }
                } else if case .a(false)? = object.additionalProperties {
                    return Mismatch(path: path, reason: "property '\(key)' is not allowed (additionalProperties: false)")
                }
            }
            return nil
        case .all(let parts, _):
            for part in parts { if let mismatch = firstMismatch(value, part, path: path, depth: depth + 1) { return mismatch } }
            return nil
        case .one(let parts, _), .any(let parts, _):
            var first: Mismatch?
            for part in parts {
                guard let mismatch = firstMismatch(value, part, path: path, depth: depth + 1) else { return nil }
                if first == nil { first = mismatch }
            }
            guard let first, parts.count > 1 else { return first }
            return Mismatch(path: path, reason: "matches none of its \(parts.count) alternatives (the first: \(first.path): \(first.reason))")
        case .not: return nil
        }
    }

    private func expected(_ what: String, _ value: JSONNode, _ path: String) -> Mismatch {
        Mismatch(path: path, reason: "expected \(what), found \(Self.shown(value))")
    }

    /// `$.name`, or `$["x-rate"]` for a key that is not an identifier.
    static func path(_ parent: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            && !("0"..."9").contains(key.unicodeScalars.first!)
        return plain ? "\(parent).\(key)" : "\(parent)[\(JSONString.quoted(key))]"
    }

    /// A JSON value in a warning: a string, number or literal as written (cut), a container by kind.
    static func shown(_ value: JSONNode) -> String {
        if value.isObject { return "an object" }
        if value.isArray { return "an array" }
        if value.isNull { return "null" }
        if let bool = value.bool { return String(bool) }
        if let number = value.numberText { return number }
        if let text = value.string { return JSONString.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text) }
        return "a value"
    }

    static func equal(_ node: JSONNode, _ value: Any) -> Bool {
        switch value {
        case let text as String: return node.string == text
        case let flag as Bool: return node.bool == flag
        case let number as Int: return node.int64 == Int64(number)
        case let number as Double: return node.double == number
        case is Void, Optional<Any>.none: return node.isNull
        default: return node.isNull && String(describing: value) == "nil"
        }
    }
}
