import Foundation

/// A loopback server that answers one request with a chunked body whose pieces it sends only when
/// the test says so (`release()`): a test can see each piece arrive before the next exists, with
/// no timing in it. After the last piece, one more `release()` ends the body.
public final class GatedStreamServer: @unchecked Sendable {
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var requestText = ""
    private var sent = 0

    /// `pieces` go out one chunk each, in order, every one after a `release()`.
    public init(contentType: String, pieces: [String]) throws {
        let (socket, port) = try ScriptedServer.listenOnLoopback()
        listener = socket
        self.port = port
        Thread.detachNewThread { [gate] in
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { return }
                request += buffer.prefix(count)
            }
            self.lock.withLock { self.requestText = String(decoding: request, as: UTF8.self) }
            let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\nCache-Control: no-cache\r\n\r\n"
            guard Self.write(Array(head.utf8), to: connection) else { return }
            for piece in pieces {
                gate.wait()
                let bytes = Array(piece.utf8)
                guard Self.write(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8), to: connection) else { return }
                self.lock.withLock { self.sent += 1 }
            }
            gate.wait()
            _ = Self.write(Array("0\r\n\r\n".utf8), to: connection)
        }
    }

    /// Sends the next piece (or, after the last, the end of the body).
    public func release() { gate.signal() }

    /// The request's head as the server read it.
    public var request: String { lock.withLock { requestText } }

    /// How many pieces have gone out.
    public var piecesSent: Int { lock.withLock { sent } }

    /// Ends the server: every gate opens, so a waiting thread writes into a closed connection and ends.
    public func stop() {
        for _ in 0..<64 { gate.signal() }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}
