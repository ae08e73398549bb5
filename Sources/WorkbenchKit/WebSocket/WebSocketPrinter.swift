import Foundation

/// How a WebSocket's messages and its end are shown: each message as `← N · text · 11 B` and its
/// content as a body of that kind shows (JSON pretty-printed, text as text, binary in hex), cut at
/// `set body-lines`. Events come from the socket's thread; until `start` (after the line saying
/// the socket is open) they are held, so that the first messages never print before it.
final class WebSocketPrinter: @unchecked Sendable {
    private let console: Console
    private let output: (@Sendable ([UInt8]) -> Void)?
    private let bodyLines: Int
    private let lock = NSLock()
    private var held: [WebSocketConnection.Event]? = []

    init(console: Console, output: (@Sendable ([UInt8]) -> Void)?, bodyLines: Int) {
        (self.console, self.output, self.bodyLines) = (console, output, bodyLines)
    }

    /// Prints what was held, then everything as it comes; events that arrive meanwhile wait
    /// their turn, so nothing prints out of order.
    func start() {
        while true {
            let waiting = lock.withLock { () -> [WebSocketConnection.Event] in
                let waiting = held ?? []
                if waiting.isEmpty { held = nil } else { held = [] }
                return waiting
            }
            guard !waiting.isEmpty else { return }
            for event in waiting { print(event) }
        }
    }

    func show(_ event: WebSocketConnection.Event) {
        let holding = lock.withLock { () -> Bool in
            guard held != nil else { return false }
            held?.append(event)
            return true
        }
        if !holding { print(event) }
    }

    private func print(_ event: WebSocketConnection.Event) {
        let text: String
        switch event {
        case .message(let message): text = lines(of: message).joined(separator: "\n") + "\n"
        // Closing from this side prints its own line (`wsClose`), in order with the prompt.
        case .ended(.closed(_, _, byServer: false)): return
        case .ended(let state): text = Self.endingLine(state, console: console) + "\n"
        }
        if let output {
            output(Array(text.utf8))
        } else {
            console.write(text)
            console.flush()
        }
    }

    private func lines(of message: WebSocketConnection.Message) -> [String] {
        let body = Data(message.bytes)
        let kind = message.isText ? BodyRenderer.kind(of: body, mimeType: nil) : .binary
        let name = switch kind {
        case .json: "JSON"
        case .binary: "binary"
        default: "text"
        }
        let head = console.styled("← \(message.number) · \(name) · \(ByteSize.text(message.bytes.count))", .cyan)
        switch kind {
        case .empty:
            return [head]
        case .binary:
            var rows = HexRows()
            return [head] + (rows.append(body) + rows.finish()).split(separator: "\n").map(String.init)
        default:
            let (shown, more) = BodyRenderer.lines(body, mimeType: kind == .json ? "application/json" : "text/plain",
                                                   limit: bodyLines > 0 ? bodyLines : Workbench.defaultBodyLines, console: console)
            return [head] + shown + (more > 0 ? [console.styled("… \(more) more lines", .dim)] : [])
        }
    }

    /// `WebSocket closed by the server · 1000 normal closure "done" · 3 received, 1 sent`.
    static func ending(_ socket: WebSocketConnection) -> String {
        "WebSocket " + endingWords(socket.state) + " · " + counts(socket)
    }

    private static func endingLine(_ state: WebSocketConnection.State, console: Console) -> String {
        if case .failed(let reason) = state { return console.styled("error:", .red) + " WebSocket failed: \(reason)" }
        return "WebSocket " + endingWords(state)
    }

    /// `closed by the server · 1000 normal closure "done"`, `failed: …`.
    static func endingWords(_ state: WebSocketConnection.State) -> String {
        switch state {
        case .open: return "open"
        case .closing: return "closing"
        case .failed(let reason): return "failed: \(reason)"
        case .closed(let code, let reason, let byServer):
            var words = byServer ? "closed by the server" : "closed"
            if let code { words += " · \(code) \(closeCodeName(code))" } else if !reason.isEmpty { words += " · \(reason)" }
            if code != nil, !reason.isEmpty { words += " \"\(reason)\"" }
            return words
        }
    }

    static func counts(_ socket: WebSocketConnection) -> String {
        let (received, sent, pings) = socket.counts
        return "\(received) received, \(sent) sent" + (pings > 0 ? ", \(pings) pings answered" : "")
    }

    /// RFC 6455, 7.4.1, and the IANA registry's later codes.
    static func closeCodeName(_ code: Int) -> String {
        switch code {
        case 1000: "normal closure"
        case 1001: "going away"
        case 1002: "protocol error"
        case 1003: "unsupported data"
        case 1007: "invalid data"
        case 1008: "policy violation"
        case 1009: "message too big"
        case 1010: "extension required"
        case 1011: "internal error"
        case 1012: "service restart"
        case 1013: "try again later"
        case 1014: "bad gateway"
        case 3000...3999: "(registered)"
        case 4000...4999: "(the application's own)"
        default: "(unknown)"
        }
    }
}
