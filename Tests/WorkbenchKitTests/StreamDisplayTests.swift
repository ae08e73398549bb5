import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WorkbenchKit

/// What `StreamDisplay` writes as pieces of a body arrive, fed as URLSession's delegate feeds it.
struct StreamDisplayTests {
    func head(_ type: String, length: Int? = nil) -> HTTPURLResponse {
        var fields = ["Content-Type": type]
        if let length { fields["Content-Length"] = String(length) }
        return HTTPURLResponse(url: URL(string: "http://127.0.0.1/x")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
    }

    func display(_ console: Console, requested: Bool = false, bodyLines: Int = 40, patience: Duration = .milliseconds(300)) -> StreamDisplay {
        StreamDisplay(console: console, requested: requested, bodyLines: bodyLines, patience: patience) { _, format in "HEAD \(format)" }
    }

    @Test func eventsAreWrittenWhenTheirBlankLineArrives() {
        let console = Console(capturingWithColors: false)
        let shown = display(console)
        shown.responseArrived(head("text/event-stream"))
        #expect(console.capturedText == "HEAD events\n")
        shown.bodyArrived(Data("id: 1\ndata: {\"a\":1}\n".utf8))
        #expect(console.capturedText == "HEAD events\n")
        shown.bodyArrived(Data("\nevent: end\ndata: x\n\n".utf8))
        #expect(console.capturedText == "HEAD events\nid: 1 · event: message\n{\"a\":1}\nid: 1 · event: end\nx\n")
        #expect(shown.eventCount == 2 && shown.shownFormat == .events)
    }

    @Test func linesWaitForTheirEndAndTheLastIsEndedAtTheFinish() {
        let console = Console(capturingWithColors: false)
        let shown = display(console)
        shown.responseArrived(head("application/x-ndjson"))
        shown.bodyArrived(Data("{\"a\":1}\r\n{\"a\"".utf8))
        #expect(console.capturedText == "HEAD lines\n{\"a\":1}\n")
        shown.bodyArrived(Data(":2}".utf8))
        shown.finish()
        #expect(console.capturedText == "HEAD lines\n{\"a\":1}\n{\"a\":2}\n")
        #expect(shown.eventCount == 2)
    }

    /// `--stream` of a body with a length: written as it comes, a terminal's control bytes made harmless.
    @Test func aRequestedStreamWritesRawTextWithoutControlBytes() {
        let console = Console(capturingWithColors: false)
        let shown = display(console, requested: true)
        shown.responseArrived(head("application/octet-stream", length: 9))
        shown.bodyArrived(Data("**\u{1B}[2J".utf8))
        shown.bodyArrived(Data("\r\n*\u{9B}".utf8))
        shown.finish()
        #expect(console.capturedText == "HEAD raw\n**\u{FFFD}[2J\n*\u{FFFD}\n")
    }

    /// Whole bodies are not streamed: one whose declared length has all come (only its end is still
    /// on the way), and a chunked JSON document however slow.
    @Test func aBodyThatHasAllComeOrChunkedJSONIsShownWholeLater() {
        for response in [head("text/plain", length: 3), head("application/json")] {
            let console = Console(capturingWithColors: false)
            let shown = display(console, patience: .zero)
            shown.responseArrived(response)
            shown.bodyArrived(Data("abc".utf8))
            shown.tick(spinner: nil)
            shown.finish()
            #expect(console.capturedText.isEmpty && !shown.isStreaming)
        }
    }

    /// A chunked text body streams once some of it has come and the patience has passed.
    @Test func aChunkedTextBodyStreamsOnceItHasBegunAndKeptComing() {
        let console = Console(capturingWithColors: false)
        let shown = display(console, patience: .zero)
        shown.responseArrived(head("text/plain"))
        shown.tick(spinner: nil)
        #expect(!shown.isStreaming, "nothing of the body yet")
        shown.bodyArrived(Data("first ".utf8))
        shown.tick(spinner: nil)
        shown.bodyArrived(Data("second".utf8))
        shown.finish()
        #expect(console.capturedText == "HEAD raw\nfirst second\n")
    }

    /// A body with a length that is not text, still arriving (as `/drip`'s): each byte is written the
    /// moment it comes, in the hex view's rows, and the rows read as the hex view shows them after.
    @Test func aSlowBinaryBodyIsWrittenInTheHexViewsRows() {
        let console = Console(capturingWithColors: false)
        let shown = display(console, patience: .zero)
        let body = Data((0..<20).map { UInt8($0 * 7 % 128) })
        shown.responseArrived(head("application/octet-stream", length: body.count))
        shown.bodyArrived(body.prefix(3))
        shown.tick(spinner: nil)
        #expect(console.capturedText == "HEAD hex\n00000000  00 07 0e ")
        shown.bodyArrived(body.dropFirst(3).prefix(14))
        #expect(console.capturedText.hasSuffix("62 69  .....#*18?FMT[bi\n00000010  70 "))
        shown.bodyArrived(body.dropFirst(17))
        shown.finish()
        let rows = BodyRenderer.hexPreview(body, mimeType: nil).dropFirst()
        #expect(console.capturedText == "HEAD hex\n" + rows.joined(separator: "\n") + "\n")
        #expect(shown.shownFormat == .hex)
    }

    /// A slow body shows what the view at its end shows: the hex view's first bytes, a text's first
    /// `set body-lines` lines; the rest is counted in the same note.
    @Test func aSlowBodyPastWhatTheViewShowsIsCountedInItsNote() {
        let console = Console(capturingWithColors: false)
        let binary = display(console, patience: .zero)
        let body = Data(repeating: 0xFF, count: 100)
        binary.responseArrived(head("image/png"))
        binary.bodyArrived(body.prefix(10))
        binary.tick(spinner: nil)
        binary.bodyArrived(body.dropFirst(10))
        binary.finish()
        let rows = BodyRenderer.hexPreview(body, mimeType: nil).dropFirst()
        #expect(console.capturedText == "HEAD hex\n" + rows.joined(separator: "\n") + "\n")
        #expect(console.capturedText.hasSuffix("\n… 36 more bytes\n"))

        let text = Console(capturingWithColors: false)
        let lines = display(text, bodyLines: 2, patience: .zero)
        lines.responseArrived(head("text/csv", length: 11))
        lines.bodyArrived(Data("a,1\nb".utf8))
        lines.tick(spinner: nil)
        lines.bodyArrived(Data(",2\nc,3".utf8))
        #expect(text.capturedText == "HEAD raw\na,1\nb,2\n")
        lines.finish()
        #expect(text.capturedText == "HEAD raw\na,1\nb,2\n… 1 more lines · `body --all` shows them\n")
    }

    /// A character split between two pieces is written whole, and text with control bytes in a text
    /// type is shown in hex, as the view at the end would show it.
    @Test func aSlowBodyIsJudgedAndDecodedAsTheWholeWouldBe() {
        let console = Console(capturingWithColors: false)
        let shown = display(console, patience: .zero)
        shown.responseArrived(head("text/plain"))
        shown.bodyArrived(Data([0x63, 0x61, 0x66, 0xC3]))
        shown.tick(spinner: nil)
        shown.bodyArrived(Data([0xA9, 0x0A]))
        shown.finish()
        #expect(console.capturedText == "HEAD raw\ncafé\n")

        let binary = Console(capturingWithColors: false)
        let controls = display(binary, patience: .zero)
        controls.responseArrived(head("text/plain"))
        controls.bodyArrived(Data([0x00, 0x41]))
        controls.tick(spinner: nil)
        controls.finish()
        #expect(binary.capturedText == "HEAD hex\n00000000  00 41" + String(repeating: " ", count: 44) + ".A\n")
    }

    /// `set body-lines 0` shows the status line only: a slow body waits for the end, as a loop of
    /// requests wants; a stream by its type still streams.
    @Test func withNoBodyLinesASlowBodyIsNotShownAsItArrives() {
        let console = Console(capturingWithColors: false)
        let shown = display(console, bodyLines: 0, patience: .zero)
        shown.responseArrived(head("application/octet-stream", length: 10))
        shown.bodyArrived(Data("*".utf8))
        shown.tick(spinner: nil)
        shown.finish()
        #expect(console.capturedText.isEmpty && !shown.isStreaming)

        let events = display(console, bodyLines: 0)
        events.responseArrived(head("text/event-stream"))
        #expect(events.isStreaming)
    }
}
