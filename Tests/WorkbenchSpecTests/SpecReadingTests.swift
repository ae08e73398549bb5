import Foundation
import Testing
@testable import WorkbenchSpec

@Suite struct SpecReadingTests {
    @Test func thePetstoreLoadsWithItsOperationsTagsSchemasAndServer() throws {
        let spec = try SpecFixtures.petstore()
        #expect(spec.title == "Swagger Petstore - OpenAPI 3.0")
        #expect(spec.openAPIVersion == "3.0.4")
        #expect(spec.operations.count == 19)
        #expect(spec.tags == ["pet", "store", "user"])
        #expect(spec.schemas.map(\.name) == ["Order", "Category", "User", "Tag", "Pet", "ApiResponse"])
        #expect(spec.servers == ["https://petstore3.swagger.io/api/v3"])
        #expect(spec.problems.isEmpty)
        let find = try require(spec.operation(named: "findPetsByStatus"))
        #expect(find.method == "GET" && find.path == "/pet/findByStatus")
        #expect(find.parameters.map(\.name) == ["status"])
        #expect(spec.operation(named: "GET /pet/{petId}")?.operationId == "getPetById")
        #expect(spec.operation(named: "getpetbyid")?.operationId == "getPetById")
    }

    @Test func aRelativeServerReadFromAFileIsAProblemNotAFailure() throws {
        let yaml = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\nservers: [{url: /api/v3}]\npaths: {}\n"
        let fromFile = try SpecFixtures.read(yaml, from: URL(fileURLWithPath: "/tmp/openapi.yaml"))
        #expect(fromFile.servers.isEmpty)
        #expect(fromFile.problems.count == 1)
        #expect(fromFile.problems.first?.hasPrefix("server /api/v3 is relative") == true)
        // Fetched, it is relative to where it was served.
        let fetched = try SpecFixtures.read(yaml, from: URL(string: "http://127.0.0.1:8080/petstore/openapi.yaml"))
        #expect(fetched.servers == ["http://127.0.0.1:8080/api/v3"])
    }

    @Test func serverVariablesTakeTheirDefaults() throws {
        let spec = try SpecFixtures.read("""
            openapi: 3.1.0
            info: {title: T, version: "1"}
            servers:
              - url: "{scheme}://developer.uspto.gov/{base}"
                variables: {scheme: {default: https, enum: [https, http]}, base: {default: ds-api}}
              - url: /relative/
            paths: {}
            """)
        #expect(spec.servers == ["https://developer.uspto.gov/ds-api", "https://example.com/relative"])
    }

    @Test func aSwagger2DocumentGetsOneLineSayingSo() {
        #expect(throws: SpecReadError.swagger2("2.0")) {
            try SpecFixtures.read(#"{"swagger": "2.0", "info": {"title": "x", "version": "1"}, "paths": {}}"#)
        }
        #expect(!SpecReadError.swagger2("2.0").description.contains("\n"))
    }

    @Test func brokenDocumentsAreOneLineErrors() {
        for text in ["{not json", "just: [yaml", #"{"openapi": "3.1.0"}"#, #"{"openapi": "4.0.0", "info": {}}"#, "title: no version field"] {
            do {
                _ = try SpecFixtures.read(text)
                Issue.record("read \(text)")
            } catch {
                #expect(!String(describing: error).contains("\n"), "\(error)")
                #expect(!String(describing: error).isEmpty)
            }
        }
    }

    @Test func referencesThatDoNotResolveAreNamedWithTheirPointerAndTheRestLoads() throws {
        let spec = try SpecFixtures.read("""
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /a:
                get:
                  operationId: a
                  parameters: [{$ref: "#/components/parameters/Nope"}]
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Ghost"}}}}
              /b:
                get:
                  operationId: b
                  responses: {"200": {$ref: "#/components/responses/Gone"}}
            components:
              schemas:
                Thing: {type: object, properties: {part: {$ref: "#/components/schemas/Missing"}}}
            """)
        #expect(spec.operations.map(\.name) == ["a", "b"])
        #expect(spec.problems.contains("reference #/components/parameters/Nope does not resolve (at #/paths/~1a/get/parameters/0); left out"))
        #expect(spec.problems.contains("reference #/components/responses/Gone does not resolve (at #/paths/~1b/get/responses/200); left out"))
        #expect(spec.problems.contains("reference #/components/schemas/Missing does not resolve (at #/components/schemas/Thing/properties/part); read as any value"))
        #expect(spec.problems.contains { $0.hasPrefix("reference #/components/schemas/Ghost does not resolve (at #/paths/~1a/get/responses/200)") })
    }

    @Test func aMoreLiteralTemplateWinsAndOtherMethodsAreNamed() throws {
        let spec = try SpecFixtures.petstore()
        guard case .found(let byStatus) = spec.operation(method: "GET", path: "/pet/findByStatus") else { Issue.record("no match"); return }
        #expect(byStatus.operationId == "findPetsByStatus")
        guard case .found(let byId) = spec.operation(method: "get", path: "/pet/7") else { Issue.record("no match"); return }
        #expect(byId.operationId == "getPetById")
        guard case .otherMethods(let methods) = spec.operation(method: "PATCH", path: "/pet/7") else { Issue.record("wrong match"); return }
        #expect(Set(methods) == ["GET", "POST", "DELETE"])
        guard case .none = spec.operation(method: "GET", path: "/pets") else { Issue.record("matched /pets"); return }
    }
}
