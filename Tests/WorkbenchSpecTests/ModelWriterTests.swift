import Foundation
import Testing
import TestSupport
@testable import WorkbenchSpec

@Suite struct ModelWriterTests {
    static func rules() throws -> ModelWriter.Output {
        try ModelWriter.write(try APISpec.read(try SpecFixtures.data("rules.yaml"), from: URL(string: "https://example.com/openapi.yaml")))
    }

    @Test func namesKeysEnumsMapsAndAlternativesAreWrittenAsSwiftWritesThem() throws {
        let output = try Self.rules()
        let source = output.source
        #expect(source.contains("    let photoUrls: [String]?"))
        #expect(source.contains(#"        case photoUrls = "photo_urls""#))
        #expect(source.contains(#"        case inStock = "in-stock""#))
        #expect(source.contains("    let born: Date?"))
        #expect(source.contains("    let labels: [String: Int]?"))
        #expect(source.contains("    let `default`: String?"))
        #expect(source.contains("indirect enum PetOrError: Codable {\n    case pet(Pet)\n    case errorModel(ErrorModel)\n    case string(String)"))
        #expect(source.contains("typealias Pets = [Pet]"))
        #expect(output.renamed.map(\.schema) == ["Error"] && output.renamed.map(\.type) == ["ErrorModel"])
        #expect(output.usesDates)
        #expect(output.notes == [
            "Pet.extra: any JSON value, left out (no Codable type holds one; decoding skips it)",
            "Owner.best: left out, it holds Pet, which holds Owner again (a struct cannot contain itself)",
            "Owner.ghost: any JSON value, left out (no Codable type holds one; decoding skips it)",
        ])
    }

    @Test func namingFollowsTheIdiomaticRules() {
        #expect(SwiftNames.typeName("pet_status") == "PetStatus")
        #expect(SwiftNames.typeName("api-response") == "ApiResponse")
        #expect(SwiftNames.typeName("2fa.config") == "_2faConfig")
        #expect(SwiftNames.memberName("photo_urls") == "photoUrls")
        #expect(SwiftNames.memberName("X-Rate-Limit") == "xRateLimit")
        #expect(SwiftNames.memberName("ID") == "id")
        #expect(SwiftNames.memberName("petId") == "petId")
        #expect(SwiftNames.memberName("class") == "`class`")
    }

    @Test func aChosenSchemaBringsWhatItUsesAndAnUnknownOneIsNamed() throws {
        let spec = try SpecFixtures.petstore()
        #expect(try ModelWriter.write(spec, names: ["Pet"]).typeNames == ["Category", "Tag", "Pet"])
        #expect(throws: ModelWriter.Failure.self) { try ModelWriter.write(spec, names: ["Dog"]) }
    }

    /// The compiler is the judge of the text: every declaration written for the rules document
    /// type-checks with Foundation alone.
    @Test func theWrittenDeclarationsCompile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("models.swift")
        try ("import Foundation\n\n" + (try Self.rules()).source).write(to: file, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run("/usr/bin/env", ["swiftc", "-typecheck", file.path], input: "",
                                            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
