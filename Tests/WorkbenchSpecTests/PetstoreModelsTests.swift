import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript
@testable import WorkbenchSpec

/// `spec models` on the Petstore, differentially: the declarations it writes are compiled into
/// this target (PetstoreModels.swift), and each schema's documented example body decodes at the
/// prompt to exactly what JSONDecoder gives those compiled types.
@Suite struct PetstoreModelsTests {
    static let compiledSource: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PetstoreModels.swift")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "import Foundation\n\n").dropFirst().joined(separator: "import Foundation\n\n")
    }()

    @Test func theWriterStillWritesTheCompiledDeclarations() throws {
        let output = try ModelWriter.write(try SpecFixtures.petstore())
        #expect(output.source == Self.compiledSource)
        #expect(output.typeNames == ["Order", "Category", "User", "Tag", "Pet", "ApiResponse"])
        #expect(output.usesDates)
        #expect(output.notes.isEmpty)
    }

    @Test func eachSchemasExampleDecodesAsJSONDecoderDecodesIt() throws {
        let spec = try SpecFixtures.petstore()
        let workspace = ModelWorkspace(moduleName: "WorkbenchSpecTests")
        _ = try workspace.declare(Self.compiledSource)
        var options = DecodingOptions()
        options.dates = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let compiled: [String: (Data) throws -> String] = [
            "Order": { String(describing: try decoder.decode(Order.self, from: $0)) },
            "Category": { String(describing: try decoder.decode(Category.self, from: $0)) },
            "User": { String(describing: try decoder.decode(User.self, from: $0)) },
            "Tag": { String(describing: try decoder.decode(Tag.self, from: $0)) },
            "Pet": { String(describing: try decoder.decode(Pet.self, from: $0)) },
            "ApiResponse": { String(describing: try decoder.decode(ApiResponse.self, from: $0)) },
            "[Pet]": { String(describing: try decoder.decode([Pet].self, from: $0)) },
        ]
        for (name, schema) in spec.schemas {
            let body = try ExampleValue.jsonData(schema, in: spec)
            workspace.setBody(body)
            let ours = try workspace.decode(name, options: options).printed(moduleName: "WorkbenchSpecTests")
            #expect(ours == (try compiled[name]!(body)), "\(name): \(String(decoding: body, as: UTF8.self))")
        }
        // The documented body of an operation: findPetsByStatus answers [Pet].
        let find = try require(spec.operation(named: "findPetsByStatus")?.response(for: 200)?.schema)
        let pets = try ExampleValue.jsonData(find, in: spec)
        workspace.setBody(pets)
        #expect(try workspace.decode("[Pet]", options: options).printed(moduleName: "WorkbenchSpecTests") == (try compiled["[Pet]"]!(pets)))
        #expect(String(decoding: pets, as: UTF8.self).contains(#""name":"doggie""#))
    }
}
