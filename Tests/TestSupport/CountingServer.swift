import Foundation
import Synchronization

/// A tiny HTTP server on 127.0.0.1 and an ephemeral port that answers every request with the same
/// JSON body and counts the requests it got: tests that a request is not sent twice count here.
public final class CountingServer: Sendable {
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Request lines received so far (`GET /items/1 HTTP/1.1`), in order.
    public var requests: [String] { log.lines.withLock { $0 } }

    private let socket: Int32
    private let log = RequestLog()

    /// Starts listening; `body` is the JSON each request gets back.
    public init(body: String = #"{"ok": true}"#) throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        socket = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw CountingServerError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let log = self.log
        let thread = Thread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }
                var request: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !request.ends(with: Array("\r\n\r\n".utf8)) {
                    let count = read(connection, &buffer, buffer.count)
                    if count <= 0 { break }
                    request += buffer[0..<count]
                }
                let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first.map(String.init) ?? ""
                log.lines.withLock { $0.append(line) }
                let response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                _ = response.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
                close(connection)
            }
        }
        thread.start()
    }

    /// Stops accepting connections.
    public func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

struct CountingServerError: Error {}

private final class RequestLog: Sendable {
    let lines = Mutex<[String]>([])
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
