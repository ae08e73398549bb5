import Foundation

/// A loopback server that answers every request with the same raw bytes (a misbehaving server:
/// a huge header block, a status line that is not HTTP, a body cut short), with nothing at all,
/// or with a reset. It runs on a thread of its own, never on the cooperative pool.
public final class ScriptedServer: @unchecked Sendable {
    public enum Answer: Sendable {
        /// These bytes, then the connection is closed.
        case bytes([UInt8])
        /// The request is read and never answered; the connection stays open.
        case silence
        /// The request is read and the connection is reset (SO_LINGER 0, then close).
        case reset
        /// The bytes made from the request's head (a WebSocket's `101`, whose key it answers),
        /// then the connection is kept open until the client closes it.
        case answering(@Sendable ([UInt8]) -> [UInt8])
    }

    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let socket: Int32

    public init(_ answer: Answer) throws {
        let (listener, port) = try Self.listenOnLoopback()
        socket = listener
        self.port = port
        Thread.detachNewThread {
            var open: [Int32] = []
            defer { open.forEach { close($0) } }
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var request: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !request.ends(with: Array("\r\n\r\n".utf8)) {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    request += buffer.prefix(count)
                }
                switch answer {
                case .bytes(let bytes):
                    Self.sendAll(bytes, on: connection)
                    close(connection)
                case .answering(let make):
                    Self.sendAll(make(request), on: connection)
                    // Until the client is done (what it sends is read and dropped), on a thread of its own.
                    Thread.detachNewThread {
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while recv(connection, &buffer, buffer.count, 0) > 0 {}
                        close(connection)
                    }
                case .silence:
                    open.append(connection)
                case .reset:
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                    close(connection)
                }
            }
        }
    }

    private static func sendAll(_ bytes: [UInt8], on connection: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
    }

    /// A socket listening on an ephemeral loopback port, and the port.
    static func listenOnLoopback() throws -> (socket: Int32, port: Int) {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    deinit {
        // Unblocks accept in the thread, which then ends.
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
