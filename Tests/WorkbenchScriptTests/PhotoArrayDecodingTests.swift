import Foundation
import ModelRuntime
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// The compiled twin of the declaration below; its name is the test module's only `SandboxPhoto`.
struct SandboxPhoto: Codable {
    let albumId: Int
    let id: Int
    let title: String
    let url: URL
    let thumbnailUrl: URL
}

/// The sandbox's whole photo array (the largest array it serves) decoded by both decoders: the
/// values must print the same. How fast each one is belongs to Benchmarks/ (`decode [Photo]`).
@Suite struct PhotoArrayDecodingTests {
    static let declaration =
        "struct SandboxPhoto: Codable { let albumId: Int; let id: Int; let title: String; let url: URL; let thumbnailUrl: URL }"

    /// The `photos` array of the sandbox's JSONPlaceholder data, byte for byte as shipped.
    static func photoArray() throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Sandbox/Data/jsonplaceholder/data.json").standardized
        let data = try Data(contentsOf: file)
        let photos = try #require(try JSONDocument(parsing: data).root.member("photos"))
        return String(decoding: data[photos.byteRange], as: UTF8.self)
    }

    @Test func everySandboxPhotoDecodesAsJSONDecoderDecodesIt() throws {
        let json = try Self.photoArray()
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse(Self.declaration))
        let probe = DifferentialCase([SandboxPhoto].self, "[SandboxPhoto]", json)
        let expected = probe.expected
        #expect(expected.hasPrefix("[WorkbenchScriptTests.SandboxPhoto(albumId: 1, id: 1, title: "), "\(expected.prefix(200))")
        #expect(expected.components(separatedBy: "SandboxPhoto(albumId:").count - 1 == 5000)
        let actual = probe.actual(registry: registry)
        // The message (built only on failure) shows where they part, not two long strings.
        #expect(actual == expected, "\(Self.firstDifference(actual, expected))")
    }

    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let agreed = zip(actual, expected).prefix { $0 == $1 }.count
        return "after \(agreed) characters: \(actual.dropFirst(agreed).prefix(120)) | expected: \(expected.dropFirst(agreed).prefix(120))"
    }
}
