import Foundation
import Testing
@testable import WorkbenchKit

/// `json @FILE` with a `documentFolder` (the REPL's) reads the file through a private copy that it
/// maps, and an earlier input run again in the Swift host maps that same copy (its relay says
/// which): docs/ARCHITECTURE.md, "The Swift host".
@MainActor
@Suite struct DocumentCopyTests {
    let text = #"[{"id": 1, "title": "caf\u00e9"}, {"id": 2, "title": "plain"}]"#

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("document-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFileIsReadThroughAPrivateCopyTheParseMaps() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("photos.json")
        try Data(text.utf8).write(to: original)
        let console = Console(capturingWithColors: false)
        let wb = Workbench(console: console)
        wb.documentFolder = { folder }
        try wb.json(file: original.path)
        #expect(console.capturedText == "current body: an array of 2 elements (\(text.utf8.count) bytes)\n")
        let read = try #require(wb.documentReads.last)
        let copy = try #require(read.copy)
        #expect(read.path == original.path && copy.hasPrefix(folder.path + "/document-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(text.utf8))
        // The document is the copy's: editing the user's file afterwards changes nothing.
        try Data("[]".utf8).write(to: original)
        let document = try #require(wb.currentDocument)
        #expect(document.data == Data(text.utf8))
        #expect(document.strict?.root[0]?.member("title")?.string == "café")
    }

    @Test func aFileThatIsNotJSONIsCopiedAndKeptWithItsWarning() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("broken.json")
        try Data("{\"a\": ".utf8).write(to: original)
        let console = Console(capturingWithColors: false)
        let wb = Workbench(console: console)
        wb.documentFolder = { folder }
        try wb.json(file: original.path)
        #expect(console.capturedText.hasPrefix("warning: not valid JSON ("), "\(console.capturedText)")
        #expect(wb.documentReads.last?.copy != nil)
        #expect(wb.currentDocument?.data == Data("{\"a\": ".utf8))
    }

    @Test func anEarlierInputRunAgainMapsTheCopyAndSaysNothing() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("photos.json")
        try Data(text.utf8).write(to: original)
        let first = Workbench(console: Console(capturingWithColors: false))
        first.documentFolder = { folder }
        try first.json(file: original.path)
        let read = try #require(first.documentReads.last)
        // The user's file is gone by the time the host catches up: the step reads what it read.
        try FileManager.default.removeItem(at: original)
        let console = Console(capturingWithColors: false)
        let again = Workbench(console: console)
        again.relay = PromptRelay(recording: [.document(read)], results: -1)
        try again.json(file: original.path)
        #expect(console.capturedText == "")
        let document = try #require(again.currentDocument)
        #expect(document.isSharedCopy)
        #expect(document.data == Data(text.utf8))
        #expect(try again.decode([Item].self).map(\.title) == ["café", "plain"])
    }

    @Test func aRelayWithoutTheReadLeavesTheFileToBeRead() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("photos.json")
        try Data(text.utf8).write(to: original)
        let relay = PromptRelay(recording: [.document(DocumentRead(path: "elsewhere.json", copy: "/nonexistent"))], results: -1)
        #expect(relay.recordedDocument(path: original.path) == nil)
        let again = Workbench(console: Console(capturingWithColors: false))
        again.relay = relay
        try again.json(file: original.path)
        #expect(again.currentDocument?.data == Data(text.utf8))
        #expect(again.currentDocument?.isSharedCopy == false)
        // The read for another path is still next, for that path.
        #expect(relay.recordedDocument(path: "elsewhere.json") == "/nonexistent")
    }

    struct Item: Decodable {
        let id: Int
        let title: String
    }
}
