import Foundation
import OpenAPIKit

/// OpenAPIKit's document turned into what `spec` shows and checks: every same-document reference
/// to a path item, parameter, request body or response looked up here, once; one that does not
/// resolve is named (with its JSON pointer) among the problems, and the rest still loads.
extension APISpec {
    init(document: OpenAPI.Document, openAPIVersion: String, location: URL?, keyOrder: DocumentKeyOrder) {
        self.keyOrder = keyOrder
        title = document.info.title
        version = document.info.version
        self.openAPIVersion = openAPIVersion
        var problems: [String] = []
        var servers: [String] = []
        for server in document.servers {
            switch ServerAddress.resolve(server, against: location) {
            case .success(let url): servers.append(url)
            case .failure(let problem): problems.append(problem.description)
            }
        }
        self.servers = servers
        schemas = keyOrder.ordered(document.components.schemas.map { (name: $0.key.rawValue, schema: $0.value) }, key: \.name)
        schemaIndex = Dictionary(schemas.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })

        var reader = OperationReader(components: document.components, keyOrder: keyOrder)
        for (path, item) in keyOrder.ordered(Array(document.paths), key: \.key.rawValue) {
            guard let pathItem = reader.resolve(item, at: "#/paths/\(Self.pointerEscaped(path.rawValue))") else { continue }
            for endpoint in pathItem.endpoints {
                reader.add(endpoint, path: path.rawValue, shared: pathItem.parameters)
            }
        }
        operations = reader.operations
        var tags = (document.tags ?? []).map(\.name)
        for operation in operations {
            for tag in operation.tags where !tags.contains(tag) { tags.append(tag) }
        }
        self.tags = tags
        problems += reader.problems
        problems += SchemaReferences.unresolved(in: schemas, operations: operations, components: document.components)
        self.problems = problems
    }

    /// A JSON pointer segment (`/` → `~1`, `~` → `~0`).
    static func pointerEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

/// Reads operations, looking up their references in the document's components.
private struct OperationReader {
    let components: OpenAPI.Components
    let keyOrder: DocumentKeyOrder
    var operations: [SpecOperation] = []
    var problems: [String] = []

    init(components: OpenAPI.Components, keyOrder: DocumentKeyOrder) {
        self.components = components
        self.keyOrder = keyOrder
    }

    mutating func resolve<T>(_ item: Either<OpenAPI.Reference<T>, T>, at pointer: String) -> T? {
        if let found = components[item] { return found }
        if case .a(let reference) = item {
            problems.append("reference \(reference.absoluteString) does not resolve (at \(pointer)); left out")
        }
        return nil
    }

    mutating func add(_ endpoint: OpenAPI.PathItem.Endpoint, path: String, shared: OpenAPI.Parameter.Array) {
        let operation = endpoint.operation
        let method = endpoint.method.rawValue.uppercased()
        let pointer = "#/paths/\(APISpec.pointerEscaped(path))/\(method.lowercased())"
        var parameters: [SpecParameter] = []
        for (index, given) in (shared + operation.parameters).enumerated() {
            guard let parameter = resolve(given, at: "\(pointer)/parameters/\(index)") else { continue }
            let read = self.parameter(parameter)
            parameters.removeAll { $0.name == read.name && $0.location == read.location }
            parameters.append(read)
        }
        var requestBody: (schema: JSONSchema?, required: Bool)?
        if let given = operation.requestBody, let body = resolve(given, at: "\(pointer)/requestBody") {
            requestBody = (Self.jsonSchema(of: body.content, components: components), body.required)
        }
        var responses: [SpecResponse] = []
        for (status, given) in keyOrder.ordered(Array(operation.responses), key: \.key.rawValue) {
            guard let response = resolve(given, at: "\(pointer)/responses/\(status.rawValue)") else { continue }
            responses.append(SpecResponse(status: status.rawValue, description: response.description ?? "",
                                          schema: Self.jsonSchema(of: response.content, components: components)))
        }
        operations.append(SpecOperation(
            method: method, path: path, operationId: operation.operationId, summary: operation.summary,
            tags: operation.tags ?? [], deprecated: operation.deprecated, parameters: parameters,
            requestBody: requestBody, responses: responses, template: PathTemplate(path)))
    }

    func parameter(_ parameter: OpenAPI.Parameter) -> SpecParameter {
        var schema: JSONSchema?
        switch parameter.schemaOrContent {
        case .a(let context):
            switch context.schema {
            case .a(let reference): schema = .reference(reference.jsonReference, .init())
            case .b(let inline): schema = inline
            }
        case .b(let content): schema = Self.jsonSchema(of: content, components: components)
        }
        return SpecParameter(name: parameter.name, location: SpecParameter.Location(rawValue: parameter.location.rawValue) ?? .query,
                             required: parameter.required, schema: schema, description: parameter.description)
    }

    /// The schema of the JSON media type (`application/json`, `application/problem+json`, …), if any.
    static func jsonSchema(of content: OpenAPI.Content.Map, components: OpenAPI.Components) -> JSONSchema? {
        var fallback: JSONSchema?
        for (type, given) in content {
            let media = components[given]
            if type.rawValue.lowercased().contains("json") { return media?.schema }
            if type.rawValue == "*/*" { fallback = media?.schema }
        }
        return fallback
    }
}
