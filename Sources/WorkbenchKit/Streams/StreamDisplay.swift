import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shows a response body while it arrives: events, lines, text or hex rows, written from URLSession's
/// delegate queue the moment a piece completes (so an event reaches the terminal as the server
/// writes it), and the spinner drawn before, under one lock so the two never interleave.
///
/// A body streams when its type announces it (`StreamFormat.announced`), when `--stream` asked,
/// or when it has begun and is still arriving `patience` after its head, whatever its type but
/// JSON. Such a slow body shows what the view at its end would show, only sooner: text as text up
/// to `set body-lines` (`LineCut`), anything else as the hex view's rows (`HexRows`); the rest is
/// counted for the same note that view ends with.
final class StreamDisplay: BodyObserver, @unchecked Sendable {
    /// The line written when the body starts streaming, from the response's head.
    typealias Headline = @Sendable (_ response: HTTPURLResponse, _ format: StreamFormat) -> String

    private let console: Console
    private let requested: Bool
    /// The lines a body that proves slow shows as it arrives (`set body-lines`); 0 (the status line
    /// only, as a loop of requests wants) leaves such a body to the end.
    private let bodyLines: Int
    private let headline: Headline
    private let patience: Duration
    private let lock = NSLock()
    private var format: StreamFormat?
    private var head: HTTPURLResponse?
    private var mimeType: String?
    private var headArrived: ContinuousClock.Instant?
    private var streaming = false
    /// A body waiting for `patience` to pass: its bytes so far, up to `waitingLimit`.
    private var waiting: [UInt8]?
    private var events = ServerSentEventParser()
    private var partialLine: [UInt8] = []
    private var text = TextPieces()
    /// A slow text body's first lines (nil for a stream, shown whole).
    private var lineCut: LineCut?
    private var hexRows = HexRows()
    /// Raw text shown so far ends without a newline: the status line after it needs one.
    private var needsNewline = false
    private var spinnerShown = false
    private(set) var eventCount = 0
    private var stoppedByUser = false

    /// A body past this size before `patience` has passed is a download, not a stream.
    private static let waitingLimit = 1 << 16

    init(console: Console, requested: Bool, bodyLines: Int, patience: Duration = .milliseconds(300),
         headline: @escaping Headline) {
        self.console = console
        self.requested = requested
        self.bodyLines = bodyLines
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
            mimeType = mime
            if requested {
                format = StreamFormat.requested(for: mime)
            } else if let announced = StreamFormat.announced(by: mime) {
                format = announced
            } else if bodyLines > 0, !(mime ?? "").contains("json") {
                // A JSON document reads better whole and pretty-printed, however slowly it comes.
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

    /// Starts a body that has kept arriving for `patience`, or draws the spinner's frame.
    func tick(spinner frame: String?) {
        lock.withLock {
            // A server slow to start its body is not a stream: some of it must have come. Nor is
            // a body whose declared length has all come: only its end is still on the way.
            if let headArrived, let pending = waiting, !pending.isEmpty, !isWhole(pending),
               ContinuousClock.now - headArrived >= patience {
                waiting = nil
                let isText = BodyRenderer.showsAsText(beginning: pending, mimeType: mimeType)
                format = isText ? .raw : .hex
                if isText { lineCut = LineCut(limit: bodyLines) }
                startStreaming()
                show(Data(pending))
            }
            // Past what the view shows, the spinner says the rest is still coming.
            guard !streaming || showsNoMore, let frame else { return }
            spinnerShown = true
            console.writeTransient("\r\(frame)\u{1B}[K")
            console.flush()
        }
    }

    /// The request is over: the spinner is cleared and a line left unfinished is ended.
    func finish() {
        lock.withLock {
            clearSpinner()
            waiting = nil
            guard streaming else { return }
            switch format {
            case .lines where !partialLine.isEmpty:
                writeLine(partialLine)
                partialLine = []
            case .raw:
                writeText(Self.printable(text.rest()))
                if needsNewline { console.line() }
                if let more = lineCut?.more, more > 0 {
                    console.line(console.styled(BodyRenderer.moreLinesNote(more, isLast: true), .dim))
                }
            case .hex: console.write(hexRows.finish())
            default: break
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

    private var showsNoMore: Bool {
        switch format {
        case .hex: hexRows.isFull
        case .raw: lineCut?.isFull ?? false
        default: false
        }
    }

    private func isWhole(_ pending: [UInt8]) -> Bool {
        guard let length = head?.expectedContentLength, length >= 0 else { return false }
        return pending.count >= length
    }

    private func clearSpinner() {
        guard spinnerShown else { return }
        spinnerShown = false
        console.writeTransient("\r\u{1B}[2K")
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
            lineCut?.count(chunk)
            writeText(Self.printable(text.decode(chunk).replacingOccurrences(of: "\r\n", with: "\n")))
        case .hex:
            console.write(hexRows.append(chunk))
        }
        console.flush()
    }

    /// Writes raw text, up to the lines a slow body shows.
    private func writeText(_ decoded: String) {
        let piece = lineCut?.within(decoded) ?? decoded[...]
        console.write(String(piece))
        if let last = piece.last { needsNewline = last != "\n" }
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
