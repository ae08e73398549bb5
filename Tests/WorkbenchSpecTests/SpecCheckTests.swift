import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchSpec

/// The warnings a loaded document adds to sends: one line each, nil where all is well.
@MainActor @Suite struct SpecCheckTests {
    let description: OpenAPIDescription

    init() throws {
        description = OpenAPIDescription(spec: try SpecFixtures.petstore(), location: SpecFixtures.petstoreLocation)
    }

    func request(_ method: String, _ url: String, headers: [String] = []) -> String? {
        description.requestWarning(method: method, url: URL(string: url)!, headerNames: headers)
    }

    func response(_ method: String, _ url: String, _ status: Int, _ body: String) -> String? {
        description.responseWarning(method: method, url: URL(string: url)!, status: status, body: CurrentDocument(Data(body.utf8)))
    }

    let root = "https://petstore3.swagger.io/api/v3"

    @Test func requestsTheDocumentDescribesPass() {
        #expect(request("GET", root + "/pet/findByStatus?status=sold") == nil)
        #expect(request("GET", root + "/pet/10") == nil)
        #expect(request("GET", root + "/user/login?username=a&password=b") == nil)
        // Another host is not the document's business.
        #expect(request("GET", "https://httpbin.org/nothing/here") == nil)
    }

    @Test func unknownPathsOtherMethodsMissingParametersAndWrongEnumValuesWarn() {
        #expect(request("GET", root + "/pets") == "GET /pets is not a path of Swagger Petstore - OpenAPI 3.0 — `spec` lists its paths")
        #expect(request("PATCH", root + "/pet/10") == "Swagger Petstore - OpenAPI 3.0 has GET, POST, DELETE for /pet/10, not PATCH")
        #expect(request("GET", root + "/pet/findByStatus?status=lost") == "findPetsByStatus: status=lost is not one of available, pending, sold")
        let required = try? SpecFixtures.read("""
            openapi: 3.1.0
            info: {title: T, version: "1"}
            servers: [{url: "https://t.example"}]
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - {name: q, in: query, required: true, schema: {type: string}}
                    - {name: X-Key, in: header, required: true, schema: {type: string}}
                  responses: {"200": {description: ok}}
            """)
        let spec = OpenAPIDescription(spec: required!, location: URL(string: "https://t.example/openapi.yaml")!)
        #expect(spec.requestWarning(method: "GET", url: URL(string: "https://t.example/search")!, headerNames: ["X-Key"])
                == "search: required query parameter 'q' is missing")
        #expect(spec.requestWarning(method: "GET", url: URL(string: "https://t.example/search?q=x")!, headerNames: [])
                == "search: required header 'X-Key' is missing")
        #expect(spec.requestWarning(method: "GET", url: URL(string: "https://t.example/search?q=x")!, headerNames: ["x-key"]) == nil)
        #expect(spec.responseWarning(method: "GET", url: URL(string: "https://t.example/search?q=x")!, status: 418, body: CurrentDocument(Data("{}".utf8)))
                == "418 is not a documented response of search (200)")
    }

    @Test func aBodyMatchingItsSchemaPassesAndTheFirstMismatchIsNamedWithItsPath() {
        let pet = #"{"id": 10, "name": "doggie", "photoUrls": ["a"], "tags": [{"id": 1, "name": "t"}], "status": "sold"}"#
        #expect(response("GET", root + "/pet/10", 200, pet) == nil)
        #expect(response("GET", root + "/pet/findByStatus", 200, "[\(pet), \(pet)]") == nil)
        #expect(response("GET", root + "/pet/10", 200, #"{"id": 10, "photoUrls": []}"#)
                == "the 200 body does not match getPetById's schema at $: required property 'name' is missing")
        #expect(response("GET", root + "/pet/10", 200, #"{"id": 10, "name": "d", "photoUrls": [], "tags": [{"name": 3}]}"#)
                == "the 200 body does not match getPetById's schema at $.tags[0].name: expected a string, found 3")
        #expect(response("GET", root + "/pet/10", 200, #"{"id": 1.5, "name": "d", "photoUrls": []}"#)
                == "the 200 body does not match getPetById's schema at $.id: expected an integer, found 1.5")
        #expect(response("GET", root + "/pet/10", 200, #"{"name": "d", "photoUrls": [], "status": "lost"}"#)
                == #"the 200 body does not match getPetById's schema at $.status: "lost" is not one of "available", "pending", "sold""#)
        #expect(response("GET", root + "/pet/findByStatus", 200, pet)
                == "the 200 body does not match findPetsByStatus's schema at $: expected an array, found an object")
        // A body that is not JSON, or a status without a schema, is not checked.
        #expect(response("GET", root + "/pet/10", 200, "<html>") == nil)
        #expect(response("GET", root + "/pet/10", 404, "{}") == nil)
        // logoutUser documents `default`, which answers any status; findPetsByStatus does too.
        #expect(response("GET", root + "/user/logout", 418, "{}") == nil)
    }
}
