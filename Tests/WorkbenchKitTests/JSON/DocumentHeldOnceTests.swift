import Foundation
import Testing
@testable import WorkbenchKit

/// `json @FILE` and `json {…}` keep the document's bytes once: the current document's `data` is a
/// view of the bytes its parse owns, not a second copy (README, "Performance", figure 3).
@MainActor
@Suite struct DocumentHeldOnceTests {
    func file(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("held-once-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url
    }

    func workbench() -> (Workbench, Console) {
        let console = Console(capturingWithColors: false)
        return (Workbench(console: console), console)
    }

    /// Whether `document.data` is the strict parse's own bytes (the same memory).
    func sharesItsBytes(_ document: CurrentDocument) throws -> Bool {
        let parsed = try #require(document.strict)
        return document.data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) == UnsafeRawPointer(parsed.tape.base) }
    }

    @Test func aFileIsReadOnceIntoItsParse() throws {
        let text = #"[{"id": 1, "title": "caf\u00e9"}, {"id": 2, "title": "plain"}]"#
        let url = try file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let (wb, console) = workbench()
        try wb.json(file: url.path)
        #expect(console.capturedText == "current body: an array of 2 elements (\(text.utf8.count) bytes)\n")
        let document = try #require(wb.currentDocument)
        #expect(document.data == Data(text.utf8))
        #expect(try sharesItsBytes(document))
        #expect(document.forDecoding?.root[1]?.member("title")?.string == "plain")
    }

    @Test func typedJSONIsHeldOnceToo() throws {
        let (wb, _) = workbench()
        try wb.json(#"{"a": [1, 2, 3]}"#)
        let document = try #require(wb.currentDocument)
        #expect(try sharesItsBytes(document))
        // A copy taken and changed is the taker's: the document's bytes stay as parsed.
        var copy = document.data
        copy[copy.startIndex] = UInt8(ascii: "[")
        #expect(document.data == Data(#"{"a": [1, 2, 3]}"#.utf8))
        #expect(document.strict?.root.member("a")?.count == 3)
    }

    @Test func aFileThatIsNotJSONIsKeptWithItsWarning() throws {
        for text in ["", "{\"a\": ", "not json at all"] {
            let url = try file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let (wb, console) = workbench()
            try wb.json(file: url.path)
            #expect(console.capturedText.hasPrefix("warning: not valid JSON ("), "\(console.capturedText)")
            let document = try #require(wb.currentDocument)
            #expect(document.data == Data(text.utf8))
            #expect(document.strict == nil)
        }
    }

    @Test func aPathThatIsNotARegularFileIsLeftToFoundationToRefuse() throws {
        // Not read into a document's memory: Foundation's read says why it cannot be used, as before.
        let directory = FileManager.default.temporaryDirectory.path
        for path in ["/dev/null", directory] {
            let (wb, _) = workbench()
            try wb.json("[1]")
            #expect {
                try wb.json(file: path)
            } throws: { error in
                guard case WorkbenchError.fileUnreadable(path, _) = error else { return false }
                return true
            }
            #expect(wb.currentDocument?.data == Data("[1]".utf8))
        }
    }
}
