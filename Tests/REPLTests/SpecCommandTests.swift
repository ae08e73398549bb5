import Foundation
@testable import REPL
import Testing
import TestSupport
import WorkbenchKit

/// `spec` at the prompt on a document read from a file: what it says, lists, shows and declares,
/// what Tab offers from it, and its mistakes, each one line.
@MainActor
@Suite struct SpecCommandTests {
    let console = Console(capturingWithColors: false)

    static let document = """
        openapi: 3.1.0
        info: {title: Pets, version: "2.1"}
        servers: [{url: "http://127.0.0.1:1/api"}, {url: "https://pets.example/v2"}]
        paths:
          /pets:
            get:
              operationId: listPets
              tags: [pets]
              summary: List the pets
              parameters:
                - {name: status, in: query, required: true, schema: {type: string, enum: [available, sold]}}
                - {name: X-Trace, in: header, schema: {type: string}}
              responses:
                "200": {description: the pets, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}}
          /pets/{id}:
            get:
              operationId: getPet
              tags: [pets]
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses:
                "200": {description: one pet, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
                pet_type: {type: [string, "null"]}
        """

    func session(with document: String = Self.document) throws -> (Session, TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("pets.yaml")
        try document.write(to: file, atomically: true, encoding: .utf8)
        return (Session(console: console, isInteractive: false), directory, file.path)
    }

    @Test func loadingSetsTheBaseThenListsShowsAndDeclares() async throws {
        let (session, directory, file) = try session()
        defer { directory.remove() }
        #expect(await session.evaluate("spec \(file)"))
        #expect(console.capturedText == """
            Pets 2.1 (OpenAPI 3.1.0): 2 operations in 1 tag, 1 schema — `spec` lists them, `spec models` declares them
            base http://127.0.0.1:1/api (server 1 of 2; `spec --server N` picks another)

            """)
        console.clearCaptured()
        #expect(await session.evaluate("spec"))
        #expect(console.capturedText == """
            Pets 2.1 · base http://127.0.0.1:1/api
            pets
              GET  /pets       listPets  List the pets
              GET  /pets/{id}  getPet

            """)
        console.clearCaptured()
        #expect(await session.evaluate("spec listPets"))
        #expect(console.capturedText == """
            GET /pets · listPets · List the pets
              tags: pets
              parameters:
                status   query   "available"|"sold"  required
                X-Trace  header  string
              responses:
                200  the pets  [Pet]

            """)
        console.clearCaptured()
        #expect(await session.evaluate("spec models"))
        #expect(console.capturedText.hasPrefix("""
            struct Pet: Codable {
                let id: Int
                let name: String
                let petType: String?

                enum CodingKeys: String, CodingKey {
                    case id
                    case name
                    case petType = "pet_type"
                }
            }
            """))
        #expect(console.capturedText.hasSuffix("defined Pet (3 properties)\ndeclared 1 model: Pet\n"))
        #expect(await session.evaluate(#"json {"id": 3, "name": "Rex", "pet_type": null}"#))
        console.clearCaptured()
        #expect(await session.evaluate("decode Pet"))
        #expect(console.capturedText.contains(#"Pet(id: 3, name: "Rex", petType: nil)"#))
        // --server N alone loads the same document with that server as the base.
        console.clearCaptured()
        #expect(await session.evaluate("spec --server 2"))
        #expect(console.capturedText.hasSuffix("base https://pets.example/v2 (server 2 of 2; `spec --server N` picks another)\n"))
    }

    @Test func tabCompletesPathsParametersValuesOperationsAndSchemas() async throws {
        let (session, directory, file) = try session()
        defer { directory.remove() }
        #expect(await session.evaluate("spec \(file)"))
        let table = session.commands
        let get = try #require(table.command(named: "get"))
        #expect(get.complete(["/p"], session: session) == ["/pets", "/pets/"])
        #expect(get.complete(["/pets", "st"], session: session) == ["status=="])
        #expect(get.complete(["/pets", "status==s"], session: session) == ["status==sold"])
        #expect(get.complete(["/pets", "X-"], session: session) == ["X-Trace:", "X-API-Key:", "X-Request-ID:"])
        let spec = try #require(table.command(named: "spec"))
        #expect(spec.complete(["get"], session: session) == ["getPet"])
        #expect(spec.complete(["models", "P"], session: session) == ["Pet"])
        #expect(await session.evaluate("path /pets"))
        let query = try #require(table.command(named: "query"))
        #expect(query.complete(["sta"], session: session) == ["status="])
    }

    @Test func mistakesAreOneLineAndNothingIsLost() async throws {
        let (session, directory, file) = try session()
        defer { directory.remove() }
        #expect(await session.evaluate("spec") == false)
        #expect(console.capturedText == "error: no API description loaded — `spec FILE | URL | sandbox/NAME` loads one\n")
        console.clearCaptured()
        #expect(await session.evaluate("spec /no/such.yaml") == false)
        #expect(console.capturedText.hasPrefix("error: file not found: '/no/such.yaml'"))
        let swagger = directory.url.appendingPathComponent("old.json")
        try #"{"swagger": "2.0", "info": {"title": "Old", "version": "1"}, "paths": {}}"#.write(to: swagger, atomically: true, encoding: .utf8)
        console.clearCaptured()
        #expect(await session.evaluate("spec \(swagger.path)") == false)
        #expect(console.capturedText == "error: cannot load '\(swagger.path)': a Swagger 2.0 document: spec reads OpenAPI 3.0 and 3.1 — convert it first (editor.swagger.io, or swagger2openapi)\n")
        #expect(await session.evaluate("spec \(file)"))
        console.clearCaptured()
        #expect(await session.evaluate("spec --server 3") == false)
        #expect(console.capturedText == "error: no server 3: the document names 2 (`spec --server 1` to 2)\n")
        console.clearCaptured()
        #expect(await session.evaluate("spec models Dog") == false)
        #expect(console.capturedText == "error: no schema 'Dog' in the document — it has Pet\n")
        // The document loaded before the mistakes is still the one in use.
        #expect(session.workbench.base?.string == "http://127.0.0.1:1/api")
    }
}
