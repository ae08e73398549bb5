import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bodies that stream: the lines around one shown as it arrives, and `wb.events`, a server's
/// events read from Swift (`for try await event in wb.events("/sse") { … }`).
extension Workbench {
    /// `GET` of `target` as `get` sets it, its `text/event-stream` events handed over as they
    /// arrive. When the loop ends early (a `break`) or Ctrl-C stops it, the request ends and what
    /// arrived joins the history as the response; a replay hands over the recorded events.
    public func events(_ target: String? = nil, query: KeyValuePairs<String, String> = [:],
                       headers: KeyValuePairs<String, String> = [:]) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerSentEvent, any Error>.makeStream()
        let feeder = EventFeeder(continuation)
        let queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
        let fields = headers.map { HeaderList.Field(name: $0.key, value: $0.value) }
        let id = UUID()
        let task = Task { @MainActor in
            do throws(WorkbenchError) {
                try prepare("GET", target, query: queryItems, headers: fields, json: [])
                try await receiveEvents(into: feeder)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            eventStreams.removeAll { $0.id == id }
        }
        eventStreams.append((id, feeder, task))
        continuation.onTermination = { _ in feeder.stop() }
        return stream
    }

    /// Waits for the requests of `wb.events` loops that ended (a `break`, a `return`) to end too:
    /// a loop's end only asks its request to stop, and what arrived joins the history when it has.
    /// The Swift host waits so before it reports an input's exchanges (HostRuntime+Host.swift).
    public func awaitEndedEventStreams() async {
        for stream in eventStreams where stream.feeder.isStopped {
            await stream.task.value
        }
    }

    private func receiveEvents(into feeder: EventFeeder) async throws(WorkbenchError) {
        var urlRequest = try request.urlRequest(defaultHeaders: defaultHeaders)
        // What EventSource sends; a request that names its own Accept keeps it.
        if urlRequest.value(forHTTPHeaderField: "Accept") == nil {
            urlRequest.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        }
        let visibleURL = try request.url()
        let (exchange, replayed) = try await takeExchange(for: urlRequest, visibleURL: visibleURL, observer: feeder, display: nil)
        if replayed { feeder.replay(exchange.response) }
        let response = exchange.response
        guard (200..<300).contains(response.statusCode), response.mimeType == "text/event-stream" else {
            throw .notAnEventStream(status: response.statusCode, contentType: response.mimeType, url: visibleURL.absoluteString)
        }
    }

    /// The line a stream starts with: status and type, and how to stop it.
    static func streamingLine(_ head: HTTPURLResponse, format: StreamFormat, console: Console) -> String {
        let response = Response(head, body: Data())
        var parts = [console.styled("HTTP \(response.statusCode) \(response.reasonPhrase)", style(for: response.statusCode))]
        if let mime = response.mimeType { parts.append(mime) }
        parts.append(console.styled("streaming · Ctrl-C stops and keeps what arrived", .dim))
        return parts.joined(separator: " · ")
    }

    /// The status line after a streamed body: what arrived, counted as it was shown.
    func streamedStatusLine(_ exchange: Exchange, display: StreamDisplay) -> String {
        var line = statusLine(exchange)
        switch display.shownFormat {
        case .events: line += " · \(display.eventCount) event" + (display.eventCount == 1 ? "" : "s")
        case .lines: line += " · \(display.eventCount) line" + (display.eventCount == 1 ? "" : "s")
        case .raw, .hex, nil: break
        }
        guard display.wasStopped else { return line }
        // The terminal echoed `^C` after the last piece shown: the line starts below it.
        return (console.isTerminal ? "\n" : "") + line + " · " + console.styled("stopped with Ctrl-C", .yellow)
    }
}

/// Parses a body into events and hands each to a `wb.events` loop the moment it completes.
final class EventFeeder: BodyObserver, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation
    private let lock = NSLock()
    private var parser = ServerSentEventParser()
    private var isEventStream = false
    private var inFlight: InFlightRequest?
    private var stopped = false

    init(_ continuation: AsyncThrowingStream<ServerSentEvent, any Error>.Continuation) {
        self.continuation = continuation
    }

    func started(_ request: InFlightRequest) {
        let stop: Bool = lock.withLock {
            inFlight = request
            return stopped
        }
        if stop { request.cancel(.stopped) }
    }

    /// Whether the loop ended (and with it, the request was asked to stop).
    var isStopped: Bool { lock.withLock { stopped } }

    /// The loop ended: the request stops, what arrived is kept.
    func stop() {
        let request: InFlightRequest? = lock.withLock {
            stopped = true
            return inFlight
        }
        request?.cancel(.stopped)
    }

    func responseArrived(_ response: HTTPURLResponse) {
        let mime = Response.mimeType(response.value(forHTTPHeaderField: "Content-Type"))
        lock.withLock { isEventStream = (200..<300).contains(response.statusCode) && mime == "text/event-stream" }
    }

    func bodyArrived(_ chunk: Data) {
        let events: [ServerSentEvent] = lock.withLock { isEventStream ? parser.feed(chunk) : [] }
        for event in events { continuation.yield(event) }
    }

    /// A recorded response's events, all at once.
    func replay(_ response: Response) {
        guard (200..<300).contains(response.statusCode), response.mimeType == "text/event-stream" else { return }
        for event in ServerSentEventParser.events(in: response.body) { continuation.yield(event) }
    }
}
