import Foundation

/// An open WebSocket (RFC 6455) over a `CurlStream`: the opening handshake, then a thread of its
/// own that reads frames, answers pings, puts fragmented messages together and ends the socket
/// when either side closes it. What happens is handed to `events` on that thread.
final class WebSocketConnection: @unchecked Sendable {
    /// A text or binary message received, numbered from 1 on its socket.
    struct Message: Sendable {
        let number: Int
        let isText: Bool
        let bytes: [UInt8]
        let receivedAt: Date
    }

    enum State: Equatable, Sendable {
        case open
        /// This side sent its close frame and waits for the server's.
        case closing
        /// Closed, with the code and reason the closing side gave (nil: none, or no close frame).
        case closed(code: Int?, reason: String, byServer: Bool)
        /// Ended by an error: what was wrong.
        case failed(String)

        var isOpen: Bool { self == .open }
    }

    enum Event: Sendable {
        case message(Message)
        case ended(State)
    }

    /// The URL as typed and shown (`ws://…`).
    let url: URL
    private let stream: CurlStream
    private let limit: Int
    /// How long one write may wait for a full socket.
    private let sendTimeout: Double
    /// Every frame is written whole, in order, here: a pong the reading thread answers with never
    /// lands inside a long message being sent, and the reading thread never waits on a send.
    private let writer = DispatchQueue(label: "WebSocket writer")
    private let events: @Sendable (Event) -> Void
    private let lock = NSLock()
    private var currentState = State.open
    private var received: [Message] = []
    private var sentCount = 0
    private var pingCount = 0

    var state: State { lock.withLock { currentState } }
    var messages: [Message] { lock.withLock { received } }
    var counts: (received: Int, sent: Int, pings: Int) { lock.withLock { (received.count, sentCount, pingCount) } }

    /// Connects to `connectTo` (the http or https URL the socket is reached at) and asks for the
    /// upgrade with `headers`; throws once `timeout` passes without the server's 101.
    static func open(url: URL, connectTo: URL, headers: [(String, String)], timeout: Double, limit: Int,
                     events: @escaping @Sendable (Event) -> Void) async throws(WorkbenchError) -> WebSocketConnection {
        let result: Result<WebSocketConnection, WorkbenchError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                do throws(WorkbenchError) {
                    let deadline = Date().addingTimeInterval(timeout)
                    let stream = try CurlStream(url: connectTo, shown: url, timeout: timeout)
                    let leftover = try WebSocketHandshake.perform(on: stream, url: url, target: connectTo, headers: headers,
                                                                        deadline: deadline, timeout: timeout)
                    let connection = WebSocketConnection(url: url, stream: stream, limit: limit, sendTimeout: timeout, events: events)
                    continuation.resume(returning: .success(connection))
                    connection.read(startingWith: leftover)
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    private init(url: URL, stream: CurlStream, limit: Int, sendTimeout: Double, events: @escaping @Sendable (Event) -> Void) {
        (self.url, self.stream, self.limit, self.sendTimeout, self.events) = (url, stream, limit, sendTimeout, events)
    }

    /// Sends one text or binary message as a single frame; false when the socket is not open.
    func send(_ bytes: [UInt8], isText: Bool) -> Bool {
        guard state.isOpen, write(WebSocketFrame(isText ? .text : .binary, bytes)) else { return false }
        lock.withLock { sentCount += 1 }
        return true
    }

    /// Sends a close frame and waits up to `timeout` for the server's; the stream ends either way.
    func close(code: Int, reason: String, timeout: Double, interrupted: @escaping @MainActor () -> Bool = { false }) async {
        let sent: Bool = lock.withLock {
            guard currentState == .open else { return false }
            currentState = .closing
            return true
        }
        if sent { _ = write(WebSocketFrame(.close, WebSocketFrame.closePayload(code: code, reason: reason))) }
        let deadline = Date().addingTimeInterval(timeout)
        var stopped = false
        while state == .closing, Date() < deadline {
            if await interrupted() { stopped = true; break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        if state == .closing {
            let reason = stopped ? "stopped with Ctrl-C before the server answered the close"
                                 : "the server did not answer the close within \(WorkbenchError.seconds(timeout))"
            end(.closed(code: nil, reason: reason, byServer: false))
        }
    }

    /// Ends an open socket at once, saying nothing: a close frame (1001, going away) and no wait.
    func abandon() {
        let open: Bool = lock.withLock {
            guard currentState == .open else { return false }
            currentState = .closed(code: 1001, reason: "", byServer: false)
            return true
        }
        // Queued, not waited for: the session is ending.
        if open { enqueue(WebSocketFrame(.close, WebSocketFrame.closePayload(code: 1001, reason: ""))) }
        writer.async { self.stream.close() }
    }

    /// Waits until `count` messages have arrived in all (nil: until the socket ends), or `timeout`
    /// passes, or `interrupted` says so; true when what it waited for happened.
    func wait(forMessages count: Int?, timeout: Double, interrupted: @escaping @MainActor () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, await !interrupted() {
            let (arrived, open) = lock.withLock { (received.count, currentState == .open || currentState == .closing) }
            if let count, arrived >= count { return true }
            if !open { return count == nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Writes `frame` and waits for it to be written (false: it could not be).
    private func write(_ frame: WebSocketFrame) -> Bool {
        writer.sync { writeNow(frame) }
    }

    /// Queues `frame` to be written after those before it, without waiting (the reading thread's).
    private func enqueue(_ frame: WebSocketFrame) {
        writer.async { _ = self.writeNow(frame) }
    }

    private func writeNow(_ frame: WebSocketFrame) -> Bool {
        var mask = [UInt8](repeating: 0, count: 4)
        for index in mask.indices { mask[index] = UInt8.random(in: 0...255) }
        return stream.send(frame.encoded(mask: mask), deadline: Date().addingTimeInterval(sendTimeout))
    }

    /// The reading thread: frames until the socket ends.
    private func read(startingWith leftover: [UInt8]) {
        var reader = WebSocketFrameReader(limit: limit, refusesMasked: true)
        var assembler = WebSocketMessageAssembler(limit: limit)
        reader.append(leftover)
        while true {
            do throws(WebSocketProtocolError) {
                while let frame = try reader.next() {
                    guard let whole = try assembler.take(frame) else { continue }
                    if !handle(whole) { return }
                }
            } catch {
                enqueue(WebSocketFrame(.close, WebSocketFrame.closePayload(code: error.code, reason: "")))
                return end(.failed("\(error.message); closed with \(error.code)"))
            }
            switch stream.receive(waiting: 200) {
            case nil:
                return end(.closed(code: nil, reason: "the connection ended without a close frame", byServer: state != .closing))
            case let bytes?:
                reader.append(bytes)
            }
            if case .closed = state { return }
        }
    }

    /// Handles a whole message or control frame; false once the socket has ended.
    private func handle(_ frame: WebSocketFrame) -> Bool {
        switch frame.opcode {
        case .text, .binary, .continuation:
            if frame.opcode == .text, String(validating: frame.payload, as: UTF8.self) == nil {
                enqueue(WebSocketFrame(.close, WebSocketFrame.closePayload(code: 1007, reason: "")))
                end(.failed("a text message that is not UTF-8; closed with 1007"))
                return false
            }
            let message = lock.withLock {
                let message = Message(number: received.count + 1, isText: frame.opcode == .text, bytes: frame.payload, receivedAt: Date())
                received.append(message)
                return message
            }
            events(.message(message))
        case .ping:
            lock.withLock { pingCount += 1 }
            enqueue(WebSocketFrame(.pong, frame.payload))
        case .pong:
            break
        case .close:
            let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : nil
            let reason = String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
            let byServer = state != .closing
            // The server began it: answer with its code, as the protocol asks.
            if byServer { enqueue(WebSocketFrame(.close, code.map { WebSocketFrame.closePayload(code: $0, reason: "") } ?? [])) }
            end(.closed(code: code, reason: reason, byServer: byServer))
            return false
        }
        return true
    }

    private func end(_ final: State) {
        let first: Bool = lock.withLock {
            switch currentState {
            case .closed, .failed: return false
            default:
                currentState = final
                return true
            }
        }
        // After what is queued (the answer to the server's close) has been written.
        writer.async { self.stream.close() }
        if first { events(.ended(final)) }
    }
}
