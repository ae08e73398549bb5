import OpenAPIKit
import WorkbenchKit

/// A schema in a few words, for `spec OPERATION`: `Pet`, `[Pet]`, `string (date-time)`,
/// `"available"|"pending"|"sold"`, `{code?: int32, message?: string}`, `[String: int32]`.
public enum SchemaText {
    /// A value a document gives (an enum member, a default) as JSON writes it: `"sold"`, `3`, `true`.
    public static func literal(_ value: Any) -> String {
        if let text = value as? String { return JSONString.quoted(text) }
        return String(describing: value)
    }

    static func format(_ schema: JSONSchema) -> String? {
        guard let text = schema.formatString, !text.isEmpty else { return nil }
        return text
    }

    /// An inline object's properties are in the order `spec`'s document wrote them.
    public static func summary(_ schema: JSONSchema?, in spec: APISpec) -> String {
        summary(schema, order: spec.keyOrder, depth: 0)
    }

    static func summary(_ schema: JSONSchema?, order: DocumentKeyOrder, depth: Int) -> String {
        guard let schema else { return "any" }
        let null = schema.nullable ? "?" : ""
        if let values = schema.allowedValues, !values.isEmpty {
            let shown = values.prefix(8).map { literal($0.value) }.joined(separator: "|")
            return shown + (values.count > 8 ? "|…" : "") + null
        }
        switch schema.value {
        case .reference(let reference, _): return (SchemaReferences.componentName(reference) ?? reference.absoluteString) + null
        case .string: return "string" + (format(schema).map { " (\($0))" } ?? "") + null
        case .integer: return (format(schema) ?? "integer") + null
        case .number: return (format(schema) ?? "number") + null
        case .boolean: return "boolean" + null
        case .null: return "null"
        case .fragment: return "any"
        case .array(_, let array): return "[\(summary(array.items, order: order, depth: depth + 1))]" + null
        case .object(_, let object):
            if object.properties.isEmpty {
                if case .b(let values)? = object.additionalProperties { return "[String: \(summary(values, order: order, depth: depth + 1))]" + null }
                return "object" + null
            }
            guard depth < 2 else { return "{…}" + null }
            let required = Set(object.requiredProperties)
            let properties = order.ordered(Array(object.properties), key: \.key)
            let shown = properties.prefix(6).map { "\($0.key)\(required.contains($0.key) ? "" : "?"): \(summary($0.value, order: order, depth: depth + 1))" }
            return "{" + shown.joined(separator: ", ") + (object.properties.count > 6 ? ", …" : "") + "}" + null
        case .all(let parts, _): return parts.map { summary($0, order: order, depth: depth + 1) }.joined(separator: " & ") + null
        case .one(let parts, _): return "oneOf(" + parts.map { summary($0, order: order, depth: depth + 1) }.joined(separator: " | ") + ")" + null
        case .any(let parts, _): return "anyOf(" + parts.map { summary($0, order: order, depth: depth + 1) }.joined(separator: " | ") + ")" + null
        case .not(let part, _): return "not " + summary(part, order: order, depth: depth + 1)
        }
    }
}
