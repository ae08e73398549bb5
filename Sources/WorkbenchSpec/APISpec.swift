import Foundation
import OpenAPIKit

/// An OpenAPI document as Workbench reads it: what it is, where it is served, its operations
/// and its schemas, with every same-document reference looked up once. `docs/ARCHITECTURE.md`,
/// "API descriptions".
public struct APISpec: Sendable {
    public var title: String
    public var version: String
    /// The `openapi` field as written (`3.0.4`); 3.0 documents are read through OpenAPIKit's 3.1 model.
    public var openAPIVersion: String
    /// The servers' URLs, variables at their defaults, relative ones resolved against the document.
    public var servers: [String]
    public var operations: [SpecOperation]
    /// `components/schemas`, in the document's order.
    public var schemas: [(name: String, schema: JSONSchema)]
    /// The document's tags in its order (then any an operation names that it does not list).
    public var tags: [String]
    /// What could not be read but was loaded around (a reference that does not resolve), a line each.
    public var problems: [String]

    /// The schema `components/schemas/NAME`, if the document has it.
    public func schema(named name: String) -> JSONSchema? {
        schemaIndex[name].map { schemas[$0].schema }
    }

    var schemaIndex: [String: Int] = [:]
    /// The order the document wrote its objects' keys in, where its decoder lost it.
    var keyOrder = DocumentKeyOrder.none

    /// The operation named `text`: an operationId (any case), or `METHOD PATH` with the path as
    /// the document writes it.
    public func operation(named text: String) -> SpecOperation? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 2 {
            let method = words[0].uppercased(), path = String(words[1])
            return operations.first { $0.method == method && $0.path == path }
        }
        return operations.first { $0.operationId == text } ?? operations.first { $0.operationId?.lowercased() == text.lowercased() }
    }
}

/// One operation: a method on a path template.
public struct SpecOperation: Sendable {
    /// Upper case (`GET`).
    public var method: String
    /// The path template as written (`/pet/{petId}`).
    public var path: String
    public var operationId: String?
    public var summary: String?
    public var tags: [String]
    public var deprecated: Bool
    /// Path-item parameters, then the operation's own (which replace one of the same name and place).
    public var parameters: [SpecParameter]
    /// The JSON request body's schema, and whether the body is required.
    public var requestBody: (schema: JSONSchema?, required: Bool)?
    public var responses: [SpecResponse]
    let template: PathTemplate

    /// The response documented for `status`: its own code, else its range (`4XX`), else `default`.
    public func response(for status: Int) -> SpecResponse? {
        responses.first { $0.status == String(status) }
            ?? responses.first { $0.status.uppercased() == "\(status / 100)XX" }
            ?? responses.first { $0.status == "default" }
    }

    /// `getPetById`, or `GET /pet/{petId}` when the document gives no id.
    public var name: String { operationId ?? "\(method) \(path)" }
}

public struct SpecParameter: Sendable {
    public enum Location: String, Sendable {
        case path, query, header, cookie, querystring
    }

    public var name: String
    public var location: Location
    public var required: Bool
    public var schema: JSONSchema?
    public var description: String?
}

public struct SpecResponse: Sendable {
    /// `200`, `4XX` or `default`, as written.
    public var status: String
    public var description: String
    /// The schema of its JSON content, if it has one.
    public var schema: JSONSchema?
}
