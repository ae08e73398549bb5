import Foundation
import ModelRuntime
import Testing
import TestSupport
import WorkbenchKit
@testable import WorkbenchScript

/// The compiled twin of the declaration below.
struct MappedPhoto: Codable {
    let albumId: Int
    let id: Int
    let title: String
}

/// `decode [T]` of a document `json @FILE` mapped (the prompt's): the decode and the printing of its
/// value let go of the pages they have gone past, and the values, which keep offsets into the
/// document, print as JSONDecoder's do (docs/ARCHITECTURE.md, "The Swift host").
@Suite struct MappedDocumentDecodingTests {
    @Test func aDecodeOfAMappedDocumentLetsGoOfThePagesBehindIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // About 3 MB: two of the decode's runs of 1 MiB and part of a third.
        let count = 45_000
        let elements = (0..<count).map { #"{"albumId": \#($0 / 50), "id": \#($0), "title": "photo \#($0) of the album"}"# }
        let data = Data(("[" + elements.joined(separator: ",\n") + "]").utf8)
        let file = folder.appendingPathComponent("photos.json")
        try data.write(to: file)
        let (document, copy) = try #require(CurrentDocument.copying(file: file.path, into: folder))
        let root = try #require(document.strict?.root)
        // Everything the parse let go of is read again, so that what the decode lets go of shows.
        _ = root.elements.map { $0.member("title")?.string }
        let reread = try MappedResidency.residentBytes(ofMappingsOf: copy)
        #expect(reread > data.count * 3 / 4, "\(reread) of \(data.count) bytes resident before the decode")

        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse("struct MappedPhoto: Codable { let albumId: Int; let id: Int; let title: String }"))
        let resolved = try registry.resolveForDecoding(try ModelRegistry.parseType("[MappedPhoto]"))
        let value = try ModelDecoder().decode(resolved, from: root)
        let resident = try MappedResidency.residentBytes(ofMappingsOf: copy)
        #expect(resident < data.count * 3 / 4, "\(resident) of \(data.count) bytes resident after the decode")

        // Printed whole (as `let photos = decode [Photo]` prints it), the strings read from the
        // document again: the printer lets go of what it has read too.
        var printedBytes = 0
        ValuePrinter(moduleName: "WorkbenchScriptTests").stream(value, as: resolved) { printedBytes += $0.utf8.count }
        let afterPrinting = try MappedResidency.residentBytes(ofMappingsOf: copy)
        #expect(printedBytes > data.count, "printed \(printedBytes) bytes")
        #expect(afterPrinting < data.count * 3 / 4, "\(afterPrinting) of \(data.count) bytes resident after printing")

        // Values from pages let go of, read again: as JSONDecoder decodes the same elements.
        guard case .array(let photos) = value, photos.count == count, case .array(let element) = resolved else {
            Issue.record("not an array of \(count): \(resolved)")
            return
        }
        let printer = ValuePrinter(moduleName: "WorkbenchScriptTests")
        for index in [0, count / 2, count - 1] {
            let compiled = try JSONDecoder().decode(MappedPhoto.self, from: Data(elements[index].utf8))
            #expect(printer.description(of: photos[index], as: element) == String(describing: compiled))
        }
    }
}
