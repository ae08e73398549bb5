import OpenAPIKit

/// The parts of a schema and the references in them.
enum SchemaReferences {
    /// The schemas directly inside `schema`, each with the JSON pointer segments that reach it.
    static func children(of schema: JSONSchema) -> [(pointer: String, schema: JSONSchema)] {
        switch schema.value {
        case .object(_, let object):
            var parts = object.properties.map { (pointer: "/properties/" + APISpec.pointerEscaped($0.key), schema: $0.value) }
            if case .b(let additional)? = object.additionalProperties { parts.append(("/additionalProperties", additional)) }
            return parts
        case .array(_, let array):
            return array.items.map { [("/items", $0)] } ?? []
        case .all(let parts, _): return parts.enumerated().map { ("/allOf/\($0.offset)", $0.element) }
        case .one(let parts, _): return parts.enumerated().map { ("/oneOf/\($0.offset)", $0.element) }
        case .any(let parts, _): return parts.enumerated().map { ("/anyOf/\($0.offset)", $0.element) }
        case .not(let part, _): return [("/not", part)]
        default: return []
        }
    }

    /// The component name a reference points at (`#/components/schemas/Pet` → `Pet`); nil for any other.
    static func componentName(_ reference: JSONReference<JSONSchema>) -> String? {
        guard case .internal(let local) = reference, case .component(let name) = local else { return nil }
        return name
    }

    /// A line for each reference that does not resolve, where it is, in the components' schemas
    /// and the operations' (parameters, bodies, responses).
    static func unresolved(in schemas: [(name: String, schema: JSONSchema)], operations: [SpecOperation],
                           components: OpenAPI.Components) -> [String] {
        var roots = schemas.map { (pointer: "#/components/schemas/" + APISpec.pointerEscaped($0.name), schema: $0.schema) }
        for operation in operations {
            let base = "#/paths/\(APISpec.pointerEscaped(operation.path))/\(operation.method.lowercased())"
            for parameter in operation.parameters { if let schema = parameter.schema { roots.append((base + "/parameters/\(parameter.name)", schema)) } }
            if let schema = operation.requestBody?.schema { roots.append((base + "/requestBody", schema)) }
            for response in operation.responses { if let schema = response.schema { roots.append((base + "/responses/\(response.status)", schema)) } }
        }
        var lines: [String] = []
        var seen = Set<String>()
        var stack = roots
        while let (pointer, schema) = stack.popLast() {
            if case .reference(let reference, _) = schema.value {
                let target = reference.absoluteString
                if componentName(reference) == nil {
                    if seen.insert(target).inserted {
                        lines.append("reference \(target) is not a schema of this document's components (at \(pointer)); read as any value")
                    }
                } else if components[schema] == nil, seen.insert(target).inserted {
                    lines.append("reference \(target) does not resolve (at \(pointer)); read as any value")
                }
                continue
            }
            for child in children(of: schema) { stack.append((pointer + child.pointer, child.schema)) }
        }
        return lines.sorted()
    }
}
