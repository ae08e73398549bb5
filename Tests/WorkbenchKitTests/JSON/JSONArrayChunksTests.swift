import Foundation
import Testing
@testable import WorkbenchKit

/// A top-level array cut into runs of elements (`JSONArrayChunks`), as the Swift host decodes an
/// earlier input's `decode [T]`: the runs hold every element once, in order, and decode to what
/// JSONDecoder gives for the whole array; an array whose structure is not plain is left alone.
@MainActor
@Suite struct JSONArrayChunksTests {
    struct Item: Codable, Equatable {
        let id: Int
        let title: String
        let tags: [String]?
        let inner: [String: Double]?
    }

    let array = #"""
         [ {"id": 1, "title": "a, b ] } [ {", "tags": ["x,y", "]"]},
          {"id": 2, "title": "quote \" and \\", "inner": {"k": 1.5}} ,
          {"id": 3, "title": "caf\u00e9 \\\" ,", "tags": []},{"id":4,"title":""}
         ]
        """#

    func chunks(_ text: String, size: Int) -> JSONArrayChunks? {
        Data(text.utf8).withUnsafeBytes { JSONArrayChunks($0, size: size) }
    }

    @Test(arguments: [1, 20, 60, 1 << 20])
    func runsDecodeToWhatTheWholeArrayDecodesTo(size: Int) throws {
        let data = Data(array.utf8)
        let runs = try #require(chunks(array, size: size))
        #expect(runs.count == 4)
        #expect(size > 1000 ? runs.runs.count == 1 : runs.runs.count > 1)
        let whole = try JSONDecoder().decode([Item].self, from: data)
        #expect(try [Item].decode(runs: runs, of: data, with: JSONDecoder(), releasingPages: false) == whole)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try Workbench.decodeInRuns([Item].self, from: data, with: decoder) == whole)
    }

    @Test func anEmptyArrayHasNoRuns() throws {
        let runs = try #require(chunks(" [ ] \n", size: 8))
        #expect(runs.count == 0 && runs.runs.isEmpty)
        #expect(try Workbench.decodeInRuns([Int].self, from: Data("[]".utf8), with: JSONDecoder()) == [])
    }

    @Test(arguments: ["{\"a\": [1]}", "[1,]", "[,1]", "[1,,2]", "[1] 2", "[1}", "[\"open]", "1", "", "\u{FEFF}[1]", "[1,\u{0}2]"])
    func anArrayThisCannotFollowIsLeftToTheWholeDecode(text: String) {
        #expect(chunks(text, size: 1) == nil)
    }

    @Test func onlyArraysAndStrategiesWithoutPathsAreDecodedInRuns() throws {
        let data = Data("[1, 2, 3]".utf8)
        #expect(try Workbench.decodeInRuns([Int].self, from: data, with: JSONDecoder()) == [1, 2, 3])
        #expect(try Workbench.decodeInRuns(Set<Int>.self, from: data, with: JSONDecoder()) == nil)
        let custom = JSONDecoder()
        custom.keyDecodingStrategy = .custom { $0.last! }
        #expect(try Workbench.decodeInRuns([Int].self, from: data, with: custom) == nil)
    }

    @Test func anElementThatFailsThrowsForTheWholeDecodeToWordIt() {
        let data = Data(#"[{"id": 1, "title": "a"}, {"id": "two", "title": "b"}]"#.utf8)
        #expect(throws: DecodingError.self) { try Workbench.decodeInRuns([Item].self, from: data, with: JSONDecoder()) }
    }

    /// A mapped copy's pages are let go run by run; what was read reads the same again.
    @Test func releasedPagesOfAMappedCopyReadTheSameAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = (0..<20_000).map { Item(id: $0, title: "title \($0) of many", tags: $0 % 3 == 0 ? ["t\($0)"] : nil, inner: nil) }
        let file = folder.appendingPathComponent("items.json")
        try JSONEncoder().encode(items).write(to: file)
        let (bytes, copy) = try #require(DocumentCopy.map(file.path, into: folder))
        DocumentCopy.unmap(bytes.baseAddress!, count: bytes.count)
        let mapped = try #require(DocumentCopy.mapShared(copy))
        let decoded = try Workbench.decodeInRuns([Item].self, from: mapped, with: JSONDecoder(), releasingPages: true)
        #expect(decoded == items)
        #expect(mapped == (try Data(contentsOf: file)))
    }
}
