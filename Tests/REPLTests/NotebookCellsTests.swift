import Foundation
@testable import REPL
import Testing

/// A notebook cell is split into inputs where the prompt would end each one; an image body is
/// drawn only when its bytes are the image its type says.
@Suite @MainActor struct NotebookCellsTests {
    @Test func aCellIsSplitAsThePromptReadsItsLines() {
        let cell = """
            get /posts userId==1
            struct Post: Codable {
                let id: Int
            }

            json {"a":
              1}
            print(1)
            """
        #expect(NotebookCells.inputs(of: cell, commands: .standard) == [
            "get /posts userId==1", "struct Post: Codable {\n    let id: Int\n}", "json {\"a\":\n  1}", "print(1)",
        ])
    }

    @Test func aLineThatBreaksTheJSONBeforeItStartsTheNextInput() {
        #expect(NotebookCells.inputs(of: "json {\"a\": 1,\nget /posts", commands: .standard) == ["json {\"a\": 1,", "get /posts"])
    }

    /// A command run with `:` goes on over its lines as at the prompt.
    @Test func aForcedCommandGoesOnAsThePromptReadsIt() {
        #expect(NotebookCells.inputs(of: ":json {\n  \"a\": 1\n}\nlet b = 2", commands: .standard) == [":json {\n  \"a\": 1\n}", "let b = 2"])
    }

    @Test func anUnfinishedLastInputIsAnInputToo() {
        #expect(NotebookCells.inputs(of: "print(1)\nfor x in [1, 2] {", commands: .standard) == ["print(1)", "for x in [1, 2] {"])
    }

    @Test func anImageIsKnownByItsBytesNotOnlyItsType() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        #expect(RichOutput.imageKind(of: png, declared: "image/png") == "image/png")
        // A server that says JPEG and sends PNG: the bytes win; one that says PNG and sends HTML: no image.
        #expect(RichOutput.imageKind(of: png, declared: "image/jpeg") == "image/png")
        #expect(RichOutput.imageKind(of: Data("<html><body>Not found</body></html>".utf8), declared: "image/png") == nil)
        #expect(RichOutput.imageKind(of: Data([0xFF, 0xD8, 0xFF, 0xE0]), declared: "image/jpeg") == "image/jpeg")
        #expect(RichOutput.imageKind(of: Data("GIF89a\u{1}\u{0}".utf8), declared: "image/gif") == "image/gif")
        #expect(RichOutput.imageKind(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8L".utf8), declared: "image/webp") == "image/webp")
        #expect(RichOutput.imageKind(of: Data("<?xml version=\"1.0\"?>\n<svg/>".utf8), declared: "image/svg+xml") == "image/svg+xml")
        #expect(RichOutput.imageKind(of: Data("<svg/>".utf8), declared: "image/png") == nil)
        // A character cut at the 4096th byte does not hide the element.
        let padded = Data(("<svg>" + String(repeating: "é", count: 3000)).utf8)
        #expect(RichOutput.imageKind(of: padded, declared: "image/svg+xml") == "image/svg+xml")
    }
}
