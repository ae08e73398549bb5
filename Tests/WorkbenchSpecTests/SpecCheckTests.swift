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

    func requestBody(_ method: String, _ url: String, _ body: String?, contentType: String? = "application/json") -> [String] {
        description.requestBodyWarnings(method: method, url: URL(string: url)!, contentType: contentType, body: body.map { Data($0.utf8) })
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

    @Test func aRequestBodyGetsALinePerPlaceItDoesNotMatchTheOperationsSchema() {
        #expect(requestBody("POST", root + "/pet", #"{"id": 10, "name": "doggie", "photoUrls": ["a"]}"#) == [])
        #expect(requestBody("POST", root + "/pet", #"{"name": 5, "tags": [{"name": 3}], "status": "lost"}"#) == [
            "the request body does not match addPet's schema at $: required property 'photoUrls' is missing",
            "the request body does not match addPet's schema at $.name: expected a string, found 5",
            "the request body does not match addPet's schema at $.tags[0].name: expected a string, found 3",
            #"the request body does not match addPet's schema at $.status: "lost" is not one of "available", "pending", "sold""#,
        ])
        // Missing required properties by name, whatever order reading the document left them in.
        #expect(requestBody("POST", root + "/pet", "{}") == [
            "the request body does not match addPet's schema at $: required property 'name' is missing",
            "the request body does not match addPet's schema at $: required property 'photoUrls' is missing",
        ])
        // A media type with parameters is still JSON; a form body is not read as JSON.
        #expect(requestBody("PUT", root + "/pet", #"{"name": "d"}"#, contentType: "application/json; charset=utf-8")
                == ["the request body does not match updatePet's schema at $: required property 'photoUrls' is missing"])
        #expect(requestBody("POST", root + "/pet", "name=5", contentType: "application/x-www-form-urlencoded") == [])
        // The body is required: none at all is a line of its own.
        #expect(requestBody("POST", root + "/pet", nil) == ["addPet: the required request body is missing"])
    }

    @Test func nothingIsSaidWithoutAnOperationOrABodySchema() {
        #expect(requestBody("GET", root + "/pet/10", #"{"name": 5}"#) == [])  // no requestBody
        #expect(requestBody("POST", root + "/pets", #"{"name": 5}"#) == [])  // no such path
        #expect(requestBody("POST", "https://httpbin.org/post", #"{"name": 5}"#) == [])  // not the document's server
        #expect(requestBody("POST", root + "/pet", "not json") == [])  // not JSON: no schema to hold it to
    }

    @Test func manyPlacesAreCutWithACountOfTheRest() {
        let tags = (1...7).map { #"{"name": \#($0)}"# }.joined(separator: ", ")
        let lines = requestBody("POST", root + "/pet", #"{"name": "d", "photoUrls": [], "tags": [\#(tags)]}"#)
        #expect(lines == (0..<4).map { "the request body does not match addPet's schema at $.tags[\($0)].name: expected a string, found \($0 + 1)" }
                + ["… and 3 more places where the request body does not match addPet's schema"])
    }
}
