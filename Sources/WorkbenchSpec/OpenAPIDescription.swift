import Foundation
import WorkbenchKit

/// A loaded OpenAPI document as the `Workbench` asks about it: its summary, its servers, and the
/// warnings for a request it does not describe, a request body or a response that does not match.
@MainActor
public final class OpenAPIDescription: APIDescription {
    public let spec: APISpec
    /// Where it was read from (a file or an http(s) URL).
    public let location: URL

    public init(spec: APISpec, location: URL) {
        self.spec = spec
        self.location = location
    }

    public var summary: String {
        let operations = spec.operations.count, schemas = spec.schemas.count
        return "\(spec.title)\(spec.version.isEmpty ? "" : " " + spec.version) (OpenAPI \(spec.openAPIVersion)): \(operations) operation\(operations == 1 ? "" : "s")"
            + (spec.tags.isEmpty ? "" : " in \(spec.tags.count) tag\(spec.tags.count == 1 ? "" : "s")")
            + ", \(schemas) schema\(schemas == 1 ? "" : "s") — `spec` lists them, `spec models` declares them"
    }

    public var problems: [String] {
        spec.problems.count <= 8 ? spec.problems : Array(spec.problems.prefix(7)) + ["… and \(spec.problems.count - 7) more problems of the same kinds"]
    }

    public var servers: [String] { spec.servers }

    public func requestWarning(method: String, url: URL, headerNames: [String]) -> String? {
        guard let path = spec.documentPath(of: url) else { return nil }
        switch spec.operation(method: method, path: path) {
        case .none:
            return "\(method) \(path) is not a path of \(spec.title) — `spec` lists its paths"
        case .otherMethods(let methods):
            return "\(spec.title) has \(methods.joined(separator: ", ")) for \(path), not \(method)"
        case .found(let operation):
            return RequestCheck.warning(operation, url: url, headerNames: headerNames)
        }
    }

    /// At most this many lines about one request body; past it, the last says how many more.
    static let requestBodyLines = 5

    public func requestBodyWarnings(method: String, url: URL, contentType: String?, body: Data?) -> [String] {
        guard let path = spec.documentPath(of: url), case .found(let operation) = spec.operation(method: method, path: path),
              let requestBody = operation.requestBody, let schema = requestBody.schema else { return [] }
        guard let body, !body.isEmpty else {
            return requestBody.required ? ["\(operation.name): the required request body is missing"] : []
        }
        // Only a JSON body is read, as only the JSON media type's schema is kept (APISpec+Document.swift).
        guard let contentType, contentType.split(separator: ";").first?.lowercased().contains("json") == true,
              let document = CurrentDocument(body).strict else { return [] }
        let findings = SchemaCheck(spec: spec).mismatches(document.root, schema, keep: Self.requestBodyLines)
        let lines = findings.kept.map { "the request body does not match \(operation.name)'s schema at \($0.path): \($0.reason)" }
        guard findings.count > Self.requestBodyLines else { return lines }
        let shown = Self.requestBodyLines - 1
        return Array(lines.prefix(shown)) + ["… and \(findings.count - shown) more places where the request body does not match \(operation.name)'s schema"]
    }

    public func responseWarning(method: String, url: URL, status: Int, body: CurrentDocument) -> String? {
        guard let path = spec.documentPath(of: url), case .found(let operation) = spec.operation(method: method, path: path) else { return nil }
        guard let response = operation.response(for: status) else {
            let documented = operation.responses.map(\.status).joined(separator: ", ")
            return "\(status) is not a documented response of \(operation.name) (\(documented.isEmpty ? "none is" : documented))"
        }
        guard let schema = response.schema, let document = body.strict else { return nil }
        guard let mismatch = SchemaCheck(spec: spec).firstMismatch(document.root, schema) else { return nil }
        return "the \(status) body does not match \(operation.name)'s schema at \(mismatch.path): \(mismatch.reason)"
    }
}

/// Reads OpenAPI documents for `spec` (the REPL's and replay's `Workbench`s, and a compiled
/// snippet's, through `Workbench.spec(_:server:)`).
@MainActor
public final class OpenAPIReader: APIDescriptionReader {
    public init() {}

    public func read(_ data: Data, from location: URL) throws -> any APIDescription {
        OpenAPIDescription(spec: try APISpec.read(data, from: location), location: location)
    }
}

extension Workbench {
    /// `spec SOURCE`: loads the OpenAPI document at `source` (a file, an http(s) URL, or
    /// `sandbox/NAME`), says what it holds, and makes its first server (or server `server`, from
    /// 1) the base where none is set. Later requests and responses are checked against it.
    public func spec(_ source: String, server: Int? = nil) async throws {
        if apiDescriptionReader == nil { apiDescriptionReader = OpenAPIReader() }
        try await WorkbenchStatement.spec(SpecCall(source: source, server: server)).run(on: self)
    }

    /// The OpenAPI document `spec` loaded last, if any.
    public var openAPISpec: APISpec? { (apiDescription as? OpenAPIDescription)?.spec }
}
