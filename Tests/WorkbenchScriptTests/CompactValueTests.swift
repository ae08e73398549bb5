import Foundation
@testable import ModelRuntime
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

    @Test func theStructsOfOneDepthShareOneBufferOfFields() throws {
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
        // A struct in a field keeps its fields in the next depth's store: none holds itself.
        #expect(nested.allSatisfy { ObjectIdentifier($0.store) != stores[0] })
        // Five fields for each photo, and two for the one thumbnail in a store of its own.
        guard case .record(let first)? = items.first else { return }
        #expect(first.store.count == 3 * 5)
        #expect(nested.first?.store.count == 2)
    }

    @Test func aValueLetGoOfFreesItsFieldsWithItsDocument() throws {
        weak var photosStore: FieldStore?
        weak var thumbStore: FieldStore?
        do {
            let photos = try Self.decoded()
            guard case .array(let items) = photos.value, case .record(let first)? = items.first,
                  case .record(let thumb) = first[4] else {
                Issue.record("not an array of structs with a thumbnail")
                return
            }
            photosStore = first.store
            thumbStore = thumb.store
        }
        // A store that held a struct of its own would keep itself, and the document its strings are
        // read from, after every value over it is gone.
        #expect(photosStore == nil)
        #expect(thumbStore == nil)
    }

    @Test func aFieldOfTheDocumentsBulkIsOneWord() throws {
        let photos = try Self.decoded()
        guard case .array(let items) = photos.value, case .record(let first)? = items.first else {
            Issue.record("not an array of structs")
            return
        }
        // Of the photos' 15 fields only the thumbnail struct is kept beside its word: the ints, the
        // strings of the document (escaped ones too) and the nil thumbnails are words.
        #expect(first.store.keptBeside == 1)
        guard case .documentString = first[2], case .int(1) = first[1] else {
            Issue.record("not read back as decoded: \(Array(first))")
            return
        }
    }

    @Test func everyKindOfFieldReadsBackAsItWasStored() throws {
        let document = try JSONDocument(parsing: #"["a", "https://example.com/", {"c": 1}]"#)
        let elsewhere = try JSONDocument(parsing: #"["a"]"#)
        let nodes = Array(document.root.elements)
        let wordLimit: Int64 = 1 << 28
        let values: [ModelValue] = [
            .null, .int(0), .int(-1), .int(wordLimit - 1), .int(-wordLimit), .int(wordLimit), .int(-wordLimit - 1),
            .int(.max), .int(.min), .uint(.max), .double(1.5), .double(-0.0), .double(.infinity), .float(2.5),
            .bool(true), .bool(false), .enumCase(0), .enumCase(7), .enumCase(1 << 28), .string("made"),
            .documentString(nodes[0]), .documentURL(nodes[1]), .documentString(Array(elsewhere.root.elements)[0]),
            .array([.int(1)]), .record(RecordFields([.int(3), .documentString(nodes[0])])),
        ]
        let fields = RecordFields(values)
        #expect(Array(fields) == values)
        guard case .double(let zero) = fields[11], case .documentURL(let url) = fields[21],
              case .documentString(let other) = fields[22] else {
            Issue.record("a field came back as another kind: \(Array(fields))")
            return
        }
        #expect(zero.sign == .minus)
        #expect(url.string == "https://example.com/")
        #expect(other.string == "a")
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
