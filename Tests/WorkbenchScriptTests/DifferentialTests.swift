import Foundation
import ModelRuntime
import Testing
@testable import WorkbenchScript

/// The fidelity proof: our decoder and printer against Foundation's JSONDecoder on the same declarations.
@Suite struct DifferentialTests {
    static let registry: ModelRegistry? = try? DifferentialModels.registry()

    @Test func theModelsFileParsesAtThePrompt() throws {
        _ = try DifferentialModels.registry()
    }

    @Test func theTableIsLargeAndCoversEveryErrorCase() {
        #expect(DifferentialCase.all.count >= 100)
        let expected = DifferentialCase.all.map(\.expected)
        for kind in ["typeMismatch", "valueNotFound", "keyNotFound", "dataCorrupted"] {
            #expect(expected.contains { $0.hasPrefix("DecodingError.\(kind)") }, "no case gives \(kind)")
        }
    }

    @Test(arguments: DifferentialCase.all)
    func decodesAsJSONDecoder(_ testCase: DifferentialCase) throws {
        let registry = try #require(Self.registry)
        #expect(testCase.actual(registry: registry) == testCase.expected)
    }
}
