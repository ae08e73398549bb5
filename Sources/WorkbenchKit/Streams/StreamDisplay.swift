import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shows a response body while it arrives: events, lines or raw text, written from URLSession's
/// delegate queue the moment a piece completes (so an event reaches the terminal as the server
/// writes it), and the spinner drawn before, under one lock so the two never interleave.
///
/// A body streams when its type announces it (`StreamFormat.announced`), when `--stream` asked,
/// or when a chunked text body (not JSON) has begun and is still arriving `patience` after its head.
final class StreamDisplay: BodyObserver, @unchecked Sendable {
    /// The line written when the body starts streaming, from the response's head.
    typealias Headline = @Sendable (_ response: HTTPURLResponse, _ format: StreamFormat) -> String

    private let console: Console
    private let requested: Bool
    private let headline: Headline
    private let patience: Duration
    private let lock = NSLock()
    private var format: StreamFormat?
    private var head: HTTPURLResponse?
    private var headArrived: ContinuousClock.Instant?
    private var streaming = false
    /// A chunked body waiting for `patience` to pass: its bytes so far, up to `waitingLimit`.
    private var waiting: [UInt8]?
    private var events = ServerSentEventParser()
    private var partialLine: [UInt8] = []
    /// Raw text shown so far ends without a newline: the status line after it needs one.
    private var needsNewline = false
    private var spinnerShown = false
    private(set) var eventCount = 0
    private var stoppedByUser = false

    /// A body past this size before `patience` has passed is a download, not a stream.
    private static let waitingLimit = 1 << 16

    init(console: Console, requested: Bool, patience: Duration = .milliseconds(300), headline: @escaping Headline) {
        self.console = console
        self.requested = requested
        self.patience = patience
        self.headline = headline
    }

    /// Whether the body has been shown as it arrived (the end then shows no body again).
    var isStreaming: Bool { lock.withLock { streaming } }
    var wasStopped: Bool { lock.withLock { stoppedByUser } }
    var shownFormat: StreamFormat? { lock.withLock { streaming ? format : nil } }

    /// Ctrl-C while streaming: what arrived stays the response.
    func stop() { lock.withLock { stoppedByUser = true } }

    // MARK: BodyObserver (URLSession's delegate queue)

    func responseArrived(_ response: HTTPURLResponse) {
        lock.withLock {
            head = response
            headArrived = .now
            let mime = Response.mimeType(response.value(forHTTPHeaderField: "Content-Type"))
            if requested {
                format = StreamFormat.requested(for: mime)
            } else if let announced = StreamFormat.announced(by: mime) {
                format = announced
            } else if response.expectedContentLength < 0, !(mime ?? "").contains("json"),
                      BodyRenderer.kind(of: Data("a".utf8), mimeType: mime) != .binary {
                // A JSON document reads better whole and pretty-printed, however slowly it comes.
                format = .raw
                waiting = []
                return
            }
            if format != nil { startStreaming() }
        }
    }

    func bodyArrived(_ chunk: Data) {
        lock.withLock {
            if streaming {
                show(chunk)
            } else if waiting != nil {
                waiting! += chunk
                if waiting!.count > Self.waitingLimit { waiting = nil }
            }
        }
    }

    // MARK: The waiting task (every ~20 ms)

    /// Starts a chunked body that has kept arriving for `patience`, or draws the spinner's frame.
    func tick(spinner frame: String?) {
        lock.withLock {
            // A server slow to start its body is not a stream: some of it must have come.
            if let headArrived, let pending = waiting, !pending.isEmpty, ContinuousClock.now - headArrived >= patience {
                waiting = nil
                startStreaming()
                show(Data(pending))
            }
            guard !streaming, let frame else { return }
            spinnerShown = true
            console.write("\r\(frame)\u{1B}[K")
            console.flush()
        }
    }

    /// The request is over: the spinner is cleared and a line left unfinished is ended.
    func finish() {
        lock.withLock {
            clearSpinner()
            waiting = nil
            guard streaming else { return }
            if !partialLine.isEmpty {
                writeLine(partialLine)
                partialLine = []
            } else if format == .raw, needsNewline {
                console.line()
            }
            console.flush()
        }
    }

    // MARK: Writing (under the lock)

    private func startStreaming() {
        guard let head, let format else { return }
        clearSpinner()
        streaming = true
        console.line(headline(head, format))
        console.flush()
    }

    private func clearSpinner() {
        guard spinnerShown else { return }
        spinnerShown = false
        console.write("\r\u{1B}[2K")
    }

    private func show(_ chunk: Data) {
        switch format {
        case .events:
            for event in events.feed(chunk) {
                eventCount += 1
                console.line(console.styled(event.fields, .cyan))
                console.line(Self.printable(event.data))
            }
        case .lines:
            var rest = chunk[...]
            while let newline = rest.firstIndex(of: 0x0A) {
                partialLine += rest[..<newline]
                rest = rest[(newline + 1)...]
                if !partialLine.isEmpty { writeLine(partialLine) }
                partialLine = []
            }
            partialLine += rest
        case .raw, nil:
            let text = Self.printable(String(decoding: chunk, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
            console.write(text)
            if let last = text.last { needsNewline = last != "\n" }
        }
        console.flush()
    }

    private func writeLine(_ bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        eventCount += 1
        console.line(Self.printable(text))
    }

    /// Text with control characters (C0 but newline and tab, DEL, C1) shown as `�`: a stream's bytes
    /// must not move the cursor or change the terminal's modes.
    static func printable(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }
}
