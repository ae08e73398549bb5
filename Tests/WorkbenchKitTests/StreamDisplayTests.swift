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

    func display(_ console: Console, requested: Bool = false, patience: Duration = .milliseconds(300)) -> StreamDisplay {
        StreamDisplay(console: console, requested: requested, patience: patience) { _, format in "HEAD \(format)" }
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

    /// Whole bodies are not streamed: one with a length, and a chunked JSON document however slow.
    @Test func aBodyWithALengthOrChunkedJSONIsShownWholeLater() {
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
}
