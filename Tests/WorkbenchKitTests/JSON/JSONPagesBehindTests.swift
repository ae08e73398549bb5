import Foundation
import Testing
import TestSupport
@testable import WorkbenchKit

/// A document mapped from its private copy (`json @FILE` at the prompt) does not stay resident
/// behind the parse that goes through it, and reads the same afterwards (docs/ARCHITECTURE.md,
/// "The Swift host").
@Suite struct JSONPagesBehindTests {
    /// About 3 MB: two of the parse's runs of 1 MiB and part of a third.
    static let titles = (0..<90_000).map { "title number \($0)" }
    static let data = Data(("[" + titles.map { #"{"title": "\#($0)"}"# }.joined(separator: ",") + "]").utf8)

    @Test func theParseOfAMappedCopyLetsGoOfThePagesBehindIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pages-behind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.json")
        let data = Self.data
        try data.write(to: file)
        let (document, copy) = try #require(CurrentDocument.copying(file: file.path, into: folder))
        let strict = try #require(document.strict)
        // What is left is the run the parse was in when it ended (less than 1 MiB) and the
        // kernel's read-around; the whole document would be all of it.
        let resident = try MappedResidency.residentBytes(ofMappingsOf: copy)
        #expect(resident < data.count * 3 / 4, "\(resident) of \(data.count) bytes resident after the parse")
        // Read again from the page cache: every value as written.
        let titles = strict.root.elements.map { $0.member("title")?.string }
        #expect(titles == Self.titles)
        #expect(document.data == data)
    }

    @Test func aDocumentInMemoryIsNeverLetGo() throws {
        let document = try JSONDocument(parsing: Self.data)
        #expect(JSONPagesBehind(startingAt: document.root) == nil)
        #expect(document.root[89_999]?.member("title")?.string == "title number 89999")
    }
}
