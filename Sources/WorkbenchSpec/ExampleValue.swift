import Foundation
import OpenAPIKit

/// A JSON value a schema documents: its own `example` (or first of `examples`) where it gives one,
/// else one built from its parts — each object property, one array element, an enum's first
/// value, a placeholder of the right type. The bodies the Petstore's models are tested on.
public enum ExampleValue {
    public static func json(_ schema: JSONSchema, in spec: APISpec) -> Any {
        value(schema, spec: spec, depth: 0)
    }

    public static func jsonData(_ schema: JSONSchema, in spec: APISpec) throws -> Data {
        try JSONSerialization.data(withJSONObject: json(schema, in: spec), options: [.sortedKeys, .fragmentsAllowed])
    }

    private static func value(_ schema: JSONSchema, spec: APISpec, depth: Int) -> Any {
        if let example = schema.examples.first { return plain(example.value) }
        if let first = schema.allowedValues?.first { return plain(first.value) }
        guard depth < 8 else { return NSNull() }
        switch schema.value {
        case .reference(let reference, _):
            guard let name = SchemaReferences.componentName(reference), let target = spec.schema(named: name) else { return NSNull() }
            return value(target, spec: spec, depth: depth + 1)
        case .string(let core, _):
            switch core.format {
            case .dateTime: return "2024-01-02T03:04:05Z"
            case .date: return "2024-01-02"
            default: return "string"
            }
        case .integer: return 1
        case .number: return 1.5
        case .boolean: return true
        case .array(_, let array): return array.items.map { [value($0, spec: spec, depth: depth + 1)] } ?? []
        case .object(_, let object):
            var result: [String: Any] = [:]
            for (name, property) in object.properties { result[name] = value(property, spec: spec, depth: depth + 1) }
            return result
        case .all(let parts, _):
            var result: [String: Any] = [:]
            for part in parts {
                if let object = value(part, spec: spec, depth: depth + 1) as? [String: Any] { result.merge(object) { $1 } }
            }
            return result
        case .one(let parts, _), .any(let parts, _):
            return parts.first { !$0.isNull }.map { value($0, spec: spec, depth: depth + 1) } ?? NSNull()
        case .null, .fragment, .not: return NSNull()
        }
    }

    /// AnyCodable's value as JSONSerialization takes it.
    private static func plain(_ value: Any) -> Any {
        switch value {
        case let array as [Any]: return array.map(plain)
        case let object as [String: Any]: return object.mapValues(plain)
        case let wrapped as AnyCodable: return plain(wrapped.value)
        case is Void: return NSNull()
        default: return value
        }
    }
}
