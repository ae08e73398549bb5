import Foundation
import Testing
import SandboxTestSupport
import Sandbox

/// Each API's `<prefix>/openapi.json` (Sources/Sandbox/Data/openapi/): served, well formed, covering every route
/// the catalog names, and true to what the sandbox answers.
@Suite("OpenAPI documents")
struct OpenAPIDocumentTests {
    static let apiNames = SandboxCatalog.apis.map(\.name)

    private func document(of api: SandboxAPI, at base: URL) async throws -> OpenAPIDocument {
        let response = try await HTTPClient.shared.fetch(base.at(api.openAPIPath))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        return try OpenAPIDocument(response.body)
    }

    @Test(arguments: apiNames)
    func theDocumentIsServedAsOpenAPI31(name: String) async throws {
        let api = try #require(SandboxCatalog.api(named: name))
        #expect(api.openAPIPath == api.prefix + "/openapi.json")
        #expect(api.routes.last?.listing.hasPrefix("GET /openapi.json ") == true, "`sandbox` lists the document's route")
        try await LiveSandbox.with { base in
            let document = try await document(of: api, at: base)
            #expect(document.root["openapi"] as? String == "3.1.0")
            let info = try #require(document.root["info"] as? [String: Any])
            #expect(info["title"] is String && info["version"] is String)
            #expect((info["description"] as? String)?.contains("Workbench's sandbox") == true)
            let servers = try #require(document.root["servers"] as? [[String: Any]])
            // The first server is relative to the document's URL, so it resolves to this sandbox's prefix.
            #expect(servers.first?["url"] as? String == api.prefix)
            #expect(servers.count == 2 && (servers[1]["url"] as? String)?.hasPrefix("https://") == true)
            #expect(!document.operations.isEmpty && !document.schemas.isEmpty)
            for reference in document.references {
                let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
                #expect(reference.hasPrefix("#/components/schemas/") && document.schemas[name] != nil, "\(reference)")
            }
        }
    }

    @Test(arguments: apiNames)
    func operationsHaveIDsTagsAndExamples(name: String) async throws {
        let api = try #require(SandboxCatalog.api(named: name))
        try await LiveSandbox.with { base in
            let document = try await document(of: api, at: base)
            let ids = document.operations.compactMap { $0.fields["operationId"] as? String }
            #expect(ids.count == document.operations.count && Set(ids).count == ids.count)
            #expect(ids.allSatisfy { $0.first?.isLowercase == true && !$0.contains("_") && !$0.contains("-") })
            for operation in document.operations {
                #expect(!(operation.fields["tags"] as? [String] ?? []).isEmpty, "\(operation.template)")
                #expect(!operation.responses.isEmpty, "\(operation.template)")
                for parameter in operation.parameters {
                    #expect(parameter["example"] != nil,
                            "\(operation.method) \(operation.template): \(parameter["name"] ?? "?") has no example")
                    if parameter["in"] as? String == "path" { #expect(parameter["required"] as? Bool == true) }
                }
            }
        }
    }

    /// The document and the API's routes (SandboxRoute) say the same: each route with each of its
    /// methods is an operation of the document, each operation is taken by a route, and each of a
    /// route's examples is its own and documented.
    @Test(arguments: apiNames)
    func theDocumentAndTheRoutesAgree(name: String) async throws {
        let api = try #require(SandboxCatalog.api(named: name))
        try await LiveSandbox.with { base in
            let operations = try await document(of: api, at: base).operations
            // The document describes the API, not itself.
            for route in api.routes where route.path != "/openapi.json" {
                for method in route.methods {
                    #expect(operations.contains { $0.method == method && route.serves($0.template) },
                            "\(method) \(route.path) is not in \(api.openAPIPath)")
                }
                for example in route.examplePaths {
                    #expect(route.serves(example), "\(example) is not a path of \(route.path)")
                    #expect(operations.contains { OpenAPIDocument.matches($0.template, example) }, "\(example) is not in \(api.openAPIPath)")
                }
            }
            for operation in operations {
                #expect(api.routes.contains { $0.methods.contains(operation.method) && $0.serves(operation.template) },
                        "\(operation.method) \(operation.template) of \(api.openAPIPath) is no route of the sandbox's")
            }
        }
    }

    @Test(arguments: apiNames)
    func everyDocumentedOperationAnswersAsDocumented(name: String) async throws {
        let api = try #require(SandboxCatalog.api(named: name))
        try await LiveSandbox.with { base in
            let document = try await document(of: api, at: base)
            for operation in document.operations {
                let url = try #require(Self.exampleURL(operation, api: api, base: base))
                let response = try await HTTPClient.shared.fetch(
                    url, method: operation.method, body: operation.bodyExample,
                    headers: operation.bodyExample == nil ? [:] : ["Content-Type": "application/json"])
                let label = "\(operation.method) \(url.absoluteString): \(response.status)"
                guard let documented = operation.response(for: response.status) else {
                    Issue.record("\(label) is not documented")
                    continue
                }
                #expect(response.status != 404, "\(label)")
                let mediaType = response.header("Content-Type")?.split(separator: ";").first.map(String.init) ?? ""
                let content = documented["content"] as? [String: Any] ?? [:]
                #expect(content.isEmpty || content[mediaType] != nil, "\(label): \(mediaType) is not documented")
                // The top-level shape only; a full schema check is the REPL's.
                let schema = (content["application/json"] as? [String: Any])?["schema"] as? [String: Any]
                guard mediaType == "application/json", let type = schema.flatMap(document.resolved)?["type"] as? String else { continue }
                let body = try response.json()
                #expect(type == "array" ? body is [Any] : type == "object" ? body is [String: Any] : true, "\(label): not \(type)")
            }
        }
    }

    /// The operation's URL with its path parameters and required query items filled from their examples.
    static func exampleURL(_ operation: OpenAPIDocument.Operation, api: SandboxAPI, base: URL) -> URL? {
        var path = operation.template
        var query: [String] = []
        var segmentAllowed = CharacterSet.urlPathAllowed
        segmentAllowed.remove("/")
        var itemAllowed = CharacterSet.urlQueryAllowed
        itemAllowed.remove(charactersIn: "&=+")
        for parameter in operation.parameters {
            guard let name = parameter["name"] as? String, let example = OpenAPIDocument.exampleText(parameter) else { continue }
            switch parameter["in"] as? String {
            case "path":
                guard let segment = example.addingPercentEncoding(withAllowedCharacters: segmentAllowed) else { return nil }
                path = path.replacingOccurrences(of: "{\(name)}", with: segment)
            case "query" where parameter["required"] as? Bool == true:
                guard let value = example.addingPercentEncoding(withAllowedCharacters: itemAllowed) else { return nil }
                query.append("\(name)=\(value)")
            default:
                break
            }
        }
        return base.at(api.prefix + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }
}
