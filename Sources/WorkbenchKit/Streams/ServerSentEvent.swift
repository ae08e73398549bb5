/// One event of a `text/event-stream` body, as the HTML standard's event-stream parser dispatches it.
public struct ServerSentEvent: Sendable, Equatable, CustomStringConvertible {
    /// The `event:` field; `message` when the event names none.
    public var event: String
    /// The `data:` lines joined with newlines.
    public var data: String
    /// The last `id:` seen so far in the stream (ids carry over to later events), if any.
    public var id: String?
    /// The `retry:` the server asked for with this event, in milliseconds.
    public var retry: Int?

    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// `id: 3 · event: tick`, the line shown above the event's data.
    public var fields: String {
        var fields: [String] = []
        if let id { fields.append("id: \(id)") }
        fields.append("event: \(event)")
        if let retry { fields.append("retry: \(retry)") }
        return fields.joined(separator: " · ")
    }

    public var description: String { fields + "\n" + data }
}

/// Reads a `text/event-stream` body in pieces as they arrive, following the HTML standard's
/// "Interpreting an event stream": lines end in CR, LF or CRLF (even split between two pieces),
/// `:` starts a comment, a blank line dispatches the event, an event without data is dropped.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var atStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var lastEventID: String?
    private var retry: Int?

    public init() {}

    /// The events that `bytes` completes.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// The events a whole body holds (an unfinished last event is dropped, as the standard says).
    public static func events(in body: some Sequence<UInt8>) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return parser.feed(body)
    }

    private mutating func endLine() -> ServerSentEvent? {
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.isEmpty { return dispatch() }
        if bytes.first == UInt8(ascii: ":") { return nil }
        let name: String
        let value: Substring
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            name = String(decoding: bytes[..<colon], as: UTF8.self)
            var rest = bytes[(colon + 1)...]
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            value = Substring(String(decoding: rest, as: UTF8.self))
        } else {
            name = String(decoding: bytes, as: UTF8.self)
            value = ""
        }
        switch name {
        case "event": eventType = String(value)
        case "data":
            data += value
            data += "\n"
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry" where !value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isNumber }):
            retry = Int(value)
        default: break  // unknown fields are ignored
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data = ""
            hasData = false
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: String(data.dropLast()),
                               id: lastEventID, retry: retry)
    }
}
