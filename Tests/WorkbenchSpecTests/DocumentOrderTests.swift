import Foundation
import Testing
@testable import WorkbenchSpec

/// A JSON document's paths, schemas, responses and properties come out in the order it wrote them,
/// every run: Foundation's JSONDecoder hands OpenAPIKit an object's keys in an order of its hashing,
/// which changes from process to process. With eight keys, a wrong order passes by chance once in
/// 40,320 runs.
@Suite struct DocumentOrderTests {
    static let pathNames = ["zeta", "alpha", "mu", "beta", "omega", "kappa", "delta", "eta"]
    static let propertyNames = ["userId", "id", "title", "body", "zIndex", "author", "createdAt", "kind"]
    static let statuses = ["201", "200", "404", "400", "500", "422", "409", "503"]
    static let schemaNames = ["Zebra", "Post", "Apple", "Mango", "Kiwi", "Berry", "Lime", "Fig"]

    static func document() -> Data {
        let properties = propertyNames.map { "\"\($0)\": {\"type\": \"string\"}" }.joined(separator: ", ")
        let responses = statuses.map { "\"\($0)\": {\"description\": \"status \($0)\"}" }.joined(separator: ", ")
        let paths = pathNames.map { name in
            "\"/\(name)\": {\"get\": {\"operationId\": \"get_\(name)\", \"responses\": {\(responses)}}}"
        }.joined(separator: ", ")
        let schemas = schemaNames.map { name in
            "\"\(name)\": {\"type\": \"object\", \"properties\": {\(properties)}}"
        }.joined(separator: ", ")
        let inline = "\"/inline\": {\"post\": {\"requestBody\": {\"content\": {\"application/json\": {\"schema\": "
            + "{\"type\": \"object\", \"properties\": {\(properties)}}}}}, \"responses\": {\"200\": {\"description\": \"ok\"}}}}"
        return Data("""
            {"openapi": "3.1.0", "info": {"title": "Order", "version": "1"},
             "paths": {\(paths), \(inline)},
             "components": {"schemas": {\(schemas)}}}
            """.utf8)
    }

    @Test func aJSONDocumentReadsInItsOwnOrder() throws {
        let spec = try APISpec.read(Self.document(), from: nil)
        #expect(spec.operations.map(\.path) == Self.pathNames.map { "/" + $0 } + ["/inline"])
        #expect(spec.operations[0].responses.map(\.status) == Self.statuses)
        #expect(spec.schemas.map(\.name) == Self.schemaNames)
        let declared = try ModelWriter.write(spec, names: ["Post"]).source
        let properties = declared.split(separator: "\n").filter { $0.hasPrefix("    let ") }.map { $0.split(separator: " ")[1].dropLast() }
        #expect(properties.map(String.init) == Self.propertyNames, "\(declared)")
        let body = try #require(spec.operations.last?.requestBody?.schema)
        #expect(SchemaText.summary(body, in: spec) == "{userId?: string, id?: string, title?: string, body?: string, zIndex?: string, author?: string, …}")
    }
}
