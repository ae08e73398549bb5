import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// How a decoded value is held (docs/ARCHITECTURE.md, "Decoded values"): strings stay in the
/// document, and the structs of one decode share one buffer of fields. What it prints is the
/// differential tests' business; these check the representation that keeps it small.
@Suite struct CompactValueTests {
    static let declarations = """
        struct Photo: Codable { let albumId: Int; let id: Int; let title: String; let url: String; let thumb: Thumb? }
        struct Thumb: Codable { let url: String; let sizes: [Int] }
        """
    static let document = #"""
        [{"albumId": 1, "id": 1, "title": "accusamus", "url": "https://example.com/1", "thumb": {"url": "t1", "sizes": [1, 2]}},
         {"albumId": 1, "id": 2, "title": "caf\u00e9 \"quoted\"", "url": "https://example.com/2", "thumb": null},
         {"albumId": 2, "id": 3, "title": "it's", "url": "https://example.com/3"}]
        """#

    static func decoded() throws -> TypedValue {
        let workspace = ModelWorkspace()
        try workspace.declare(declarations)
        workspace.setBody(Data(document.utf8))
        return try workspace.decode("[Photo]", at: nil)
    }

    @Test func aValueIsTwoWordsWhateverItHolds() {
        #expect(MemoryLayout<ModelValue>.stride == 2 * MemoryLayout<Int>.stride)
        #expect(MemoryLayout<JSONNode>.size <= 12)
    }

    @Test func theStructsOfOneDecodeShareOneBufferOfFields() throws {
        let photos = try Self.decoded()
        guard case .array(let items) = photos.value else { Issue.record("not an array"); return }
        var stores: [ObjectIdentifier] = []
        var nested: [RecordFields] = []
        for item in items {
            guard case .record(let fields) = item else { Issue.record("not a record: \(item)"); return }
            #expect(fields.count == 5)
            stores.append(ObjectIdentifier(fields.store))
            if case .record(let thumb) = fields[4] { nested.append(thumb) }
        }
        #expect(Set(stores).count == 1)
        #expect(nested.count == 1)
        #expect(nested.allSatisfy { ObjectIdentifier($0.store) == stores[0] })
        // Five fields for each photo and two for the one thumbnail, nothing else.
        #expect(nested.first?.store.values.count == 3 * 5 + 2)
    }

    @Test func stringsAreReadFromTheDocumentAndEqualMadeOnes() throws {
        let photos = try Self.decoded()
        let titles = try (0..<3).map { try photos.following([.index($0), .member("title", optionalChain: false)], from: "photos") }
        for title in titles {
            guard case .documentString = title.value else { Issue.record("copied: \(title.value)"); continue }
        }
        #expect(titles.map(\.value) == [.string("accusamus"), .string("café \"quoted\""), .string("it's")])
        #expect(titles.map { $0.printed(moduleName: "main") } == ["accusamus", "café \"quoted\"", "it's"])
        #expect(ModelValue.string("a") != .int(1))
        #expect(photos.printed(moduleName: "main").contains(#"title: "café \"quoted\"""#))
        #expect(photos.printed(moduleName: "main").contains(#"title: "it\'s""#))
    }

    @Test func aFailedDecodeLeavesTheNextOneWhole() throws {
        let workspace = ModelWorkspace()
        try workspace.declare(Self.declarations)
        workspace.setBody(Data(#"[{"albumId": 1, "id": 1, "title": "a", "url": "u", "thumb": {"url": 5, "sizes": []}}]"#.utf8))
        #expect(throws: (any Error).self) { try workspace.decode("[Photo]", at: nil) }
        workspace.setBody(Data(Self.document.utf8))
        let photos = try workspace.decode("[Photo]", at: nil)
        #expect(photos.summary == "[Photo] · 3 values")
    }
}
