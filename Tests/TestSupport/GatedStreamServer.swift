import Foundation

/// A loopback server that answers one request with a body whose pieces it sends only when the test
/// says so (`release()`): a test can see each piece arrive before the next exists, with no timing
/// in it. A chunked body ends with one more `release()` after the last piece; a body whose length
/// the head declares (as `/drip`'s) ends with its last piece.
public final class GatedStreamServer: @unchecked Sendable {
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var requestText = ""
    private var sent = 0

    /// `pieces` go out in order, every one after a `release()`: one chunk each, or with
    /// `declaresLength` as they are, after a head that says their whole length.
    public init(contentType: String, pieces: [String], declaresLength: Bool = false) throws {
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
            let length = declaresLength ? "Content-Length: \(pieces.reduce(0) { $0 + $1.utf8.count })" : "Transfer-Encoding: chunked"
            let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\n\(length)\r\nCache-Control: no-cache\r\n\r\n"
            guard Self.write(Array(head.utf8), to: connection) else { return }
            for piece in pieces {
                gate.wait()
                let bytes = Array(piece.utf8)
                let framed = declaresLength ? bytes : Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8)
                guard Self.write(framed, to: connection) else { return }
                self.lock.withLock { self.sent += 1 }
            }
            guard !declaresLength else { return }
            gate.wait()
            _ = Self.write(Array("0\r\n\r\n".utf8), to: connection)
        }
    }

    /// Sends the next piece (or, after the last of a chunked body, its end).
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
