import OpenAPIKit
import WorkbenchKit

/// Whether a JSON value matches a schema, and where it does not: the JSON Schema keywords
/// a request or response body is checked against (types, `required`, `enum`, `items`, `properties`,
/// `additionalProperties`, `allOf`/`oneOf`/`anyOf`, nullability). Formats, lengths and bounds
/// are not checked: a warning should point at a wrong shape, not quibble.
struct SchemaCheck {
    let spec: APISpec

    struct Mismatch: Equatable {
        /// `$.tags[0].name`
        var path: String
        var reason: String
    }

    /// Mismatches as a walk finds them: the first `keep` kept, every one counted, and the walk
    /// ended once `stop` are found (a response warns about its first; a request about each).
    struct Findings {
        var kept: [Mismatch] = []
        var count = 0
        let keep: Int
        let stop: Int

        var isDone: Bool { count >= stop }

        mutating func add(_ mismatch: Mismatch) {
            count += 1
            if kept.count < keep { kept.append(mismatch) }
        }
    }

    /// The first place `value` does not match `schema`, depth first in document order.
    func firstMismatch(_ value: JSONNode, _ schema: JSONSchema, path: String = "$", depth: Int = 0) -> Mismatch? {
        var findings = Findings(keep: 1, stop: 1)
        walk(value, schema, path: path, depth: depth, into: &findings)
        return findings.kept.first
    }

    /// Every place `value` does not match `schema`, in the order `firstMismatch` finds the first:
    /// the first `keep` of them, and how many there are.
    func mismatches(_ value: JSONNode, _ schema: JSONSchema, keep: Int) -> Findings {
        var findings = Findings(keep: keep, stop: .max)
        walk(value, schema, path: "$", depth: 0, into: &findings)
        return findings
    }

    private func walk(_ value: JSONNode, _ schema: JSONSchema, path: String, depth: Int, into found: inout Findings) {
        guard depth < 64, !found.isDone else { return }  // a self-referencing schema over a deep document: stop, do not recurse forever
        if value.isNull, schema.nullable || schema.isNull { return }
        if let allowed = schema.allowedValues, !allowed.isEmpty, !allowed.contains(where: { Self.equal(value, $0.value) }) {
            found.add(Mismatch(path: path, reason: "\(Self.shown(value)) is not one of \(allowed.prefix(6).map { SchemaText.literal($0.value) }.joined(separator: ", "))\(allowed.count > 6 ? ", …" : "")"))
            return
        }
        switch schema.value {
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return }
            walk(value, target, path: path, depth: depth + 1, into: &found)
        case .fragment: return
        case .null: if !value.isNull { found.add(expected("null", value, path)) }
        case .boolean: if value.bool == nil { found.add(expected("a boolean", value, path)) }
        case .string: if !value.isString { found.add(expected("a string", value, path)) }
        case .number: if !value.isNumber { found.add(expected("a number", value, path)) }
        case .integer:
            guard value.isNumber else { return found.add(expected("an integer", value, path)) }
            if value.isInteger { return }
            if let double = value.double, double == double.rounded(), abs(double) < 9.0e15 { return }
            found.add(Mismatch(path: path, reason: "expected an integer, found \(Self.shown(value))"))
        case .array(_, let array):
            guard value.isArray else { return found.add(expected("an array", value, path)) }
            guard let items = array.items else { return }
            for (index, element) in value.elements.enumerated() where !found.isDone {
                walk(element, items, path: "\(path)[\(index)]", depth: depth + 1, into: &found)
            }
        case .object(_, let object):
            guard value.isObject else { return found.add(expected("an object", value, path)) }
            // Sorted: OpenAPIKit gives them in its properties' order, which a JSON document read
            // through JSONDecoder does not keep, so two reads of one document could disagree.
            for name in object.requiredProperties.sorted() where value.member(name) == nil && !found.isDone {
                found.add(Mismatch(path: path, reason: "required property '\(name)' is missing"))
            }
            for (key, member) in value.members where !found.isDone {
                let memberPath = Self.path(path, key)
                if let property = object.properties[key] {
                    walk(member, property, path: memberPath, depth: depth + 1, into: &found)
                } else if case .b(let additional)? = object.additionalProperties {
                    walk(member, additional, path: memberPath, depth: depth + 1, into: &found)
                } else if case .a(false)? = object.additionalProperties {
                    found.add(Mismatch(path: path, reason: "property '\(key)' is not allowed (additionalProperties: false)"))
                }
            }
        case .all(let parts, _):
            for part in parts where !found.isDone { walk(value, part, path: path, depth: depth + 1, into: &found) }
        case .one(let parts, _), .any(let parts, _):
            // One place for the whole value: which alternative was meant is not known.
            var first: Mismatch?
            for part in parts {
                guard let mismatch = firstMismatch(value, part, path: path, depth: depth + 1) else { return }
                if first == nil { first = mismatch }
            }
            guard let first else { return }
            found.add(parts.count > 1
                ? Mismatch(path: path, reason: "matches none of its \(parts.count) alternatives (the first: \(first.path): \(first.reason))")
                : first)
        case .not: return
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
