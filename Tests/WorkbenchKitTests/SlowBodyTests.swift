import Foundation
import TestSupport
import Testing
@testable import WorkbenchKit

/// A body still arriving a moment after its head is shown as it comes, whatever its type. The gated
/// server sends a piece only when the test says so, so what the console holds before the next
/// `release()` was written before the body ended; nothing in the test depends on how long it took.
@MainActor
@Suite struct SlowBodyTests {
    let console = capturedConsole()
    static let headline = "HTTP 200 OK · application/octet-stream · streaming · Ctrl-C stops and keeps what arrived"

    /// Waits for the console to hold `text`; the bound only turns a failure into a report.
    func waitFor(_ text: String) async throws {
        // Generous: the main actor is shared with every other @MainActor suite of a loaded run.
        let giveUp = ContinuousClock.now + .seconds(120)
        while !output(of: console).contains(text) {
            guard ContinuousClock.now < giveUp else {
                Issue.record("never printed \(text.debugDescription); printed:\n\(output(of: console))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// As `/drip`'s body: a declared length, bytes that are not text. The first row is written byte
    /// by byte before the rest exists; the status line follows it, and `body` shows the whole as
    /// the hex view does, with the same row.
    @Test(.disabled("In two of three fresh-clone full runs it printed nothing at all within 120 s (never alone, nor under a CPU hog): a hang shared with other in-process suites, not understood yet. StreamTests.aSlowBinaryBodyIsShownInHexAsItArrives checks the same through the real binary."))
    func aSlowBinaryBodyWithALengthIsShownInHexBeforeItEnds() async throws {
        let server = try GatedStreamServer(contentType: "application/octet-stream", pieces: ["\u{1}ab", "cd\u{2}"], declaresLength: true)
        defer { server.stop() }
        let wb = Workbench(console: console)
        server.release()
        let sending = Task { try await wb.get(server.url + "blob") }
        try await waitFor("00000000  01 61 62 ")
        #expect(output(of: console) == Self.headline + "\n00000000  01 61 62 ")
        #expect(server.piecesSent == 1)
        server.release()
        let exchange = try await sending.value
        #expect(exchange.response.body == Data([0x01, 0x61, 0x62, 0x63, 0x64, 0x02]))
        let row = "00000000  01 61 62 63 64 02" + String(repeating: " ", count: 32) + ".abcd."
        let shown = output(of: console)
        #expect(shown.hasPrefix(Self.headline + "\n" + row + "\nHTTP 200 OK · application/octet-stream · 6 B · "), "\(shown)")
        #expect(shown.split(separator: "\n").count == 3, "the body is not shown again: \(shown)")
        clearOutput(console)
        try wb.body()
        #expect(output(of: console) == "binary · 6 B · application/octet-stream\n" + row + "\n")
    }
}
