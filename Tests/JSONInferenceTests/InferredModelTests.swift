import Foundation
import JSONInference
import ModelRuntime
import Testing
import WorkbenchKit

/// The struct `infer Post` writes for `InferredModelTests.document`, compiled: what
/// Foundation's JSONDecoder decodes the document into, and `print` shows.
struct Post: Codable {
    let userId: Int
    let id: Int
    let title: String
    let tags: [String]
    let rating: Double
    let author: Author

    struct Author: Codable {
        let name: String
        let verified: Bool
    }
}

/// A model inferred from a document, decoded by the prompt's decoder, gives the value the same
/// struct compiled gives through JSONDecoder, printed as `print` prints it: this module alone,
/// without the Swift reader above it.
@Suite struct InferredModelTests {
    static let document = """
        [{"userId": 1, "id": 7, "title": "sunt aut", "tags": ["a", "b"], "rating": 4.5, "author": {"name": "Leanne", "verified": true}},
         {"userId": 2, "id": 8, "title": "qui est", "tags": [], "rating": 3, "author": {"name": "Ervin", "verified": false}}]
        """

    @Test func anInferredModelDecodesAsJSONDecoderDoes() throws {
        let root = try JSONDocument(parsing: Self.document).root
        let inferred = try ModelInference.infer("Post", from: root, snakeCase: false)
        #expect(inferred.decodeType == .array(.named("Post")))
        #expect(inferred.declaration.properties.map(\.name) == ["userId", "id", "title", "tags", "rating", "author"])
        var registry = ModelRegistry()
        _ = try registry.define([inferred.declaration])
        let resolved = try registry.resolveForDecoding(inferred.decodeType)
        let value = try ModelDecoder().decode(resolved, from: Data(Self.document.utf8))
        let compiled = try JSONDecoder().decode([Post].self, from: Data(Self.document.utf8))
        // `print` names a type with its module: this test's.
        let module = String(String(reflecting: Post.self).prefix { $0 != "." })
        #expect(ValuePrinter(moduleName: module).description(of: value, as: resolved) == String(describing: compiled))
    }

    @Test func aDocumentTheModelDoesNotFitFailsAsJSONDecoderDoes() throws {
        let root = try JSONDocument(parsing: Self.document).root
        let inferred = try ModelInference.infer("Post", from: root, snakeCase: false)
        var registry = ModelRegistry()
        _ = try registry.define([inferred.declaration])
        let resolved = try registry.resolveForDecoding(inferred.decodeType)
        let wrong = Data(#"[{"userId": "one"}]"#.utf8)
        #expect(throws: DecodingFailure.self) { try ModelDecoder().decode(resolved, from: wrong) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Post].self, from: wrong) }
    }
}
