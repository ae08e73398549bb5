import Foundation
@testable import WorkbenchSpec

/// The documents the tests read: the committed fixtures (Fixtures/SOURCES.md) and small ones
/// written here for one rule each.
enum SpecFixtures {
    static func data(_ name: String) throws -> Data {
        let url = try require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"), name)
        return try Data(contentsOf: url)
    }

    static let petstoreLocation = URL(string: "https://petstore3.swagger.io/api/v3/openapi.yaml")!

    /// The Petstore as if fetched from where it is published (its server `/api/v3` is relative).
    static func petstore() throws -> APISpec {
        try APISpec.read(try data("petstore.yaml"), from: petstoreLocation)
    }

    static func read(_ yaml: String, from location: URL? = URL(string: "https://example.com/openapi.yaml")) throws -> APISpec {
        try APISpec.read(Data(yaml.utf8), from: location)
    }
}

func require<T>(_ value: T?, _ comment: String = "") throws -> T {
    guard let value else { throw MissingValue(comment: comment) }
    return value
}

struct MissingValue: Error, CustomStringConvertible {
    let comment: String
    var description: String { "missing value \(comment)" }
}
