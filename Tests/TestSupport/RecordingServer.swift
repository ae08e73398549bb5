import Foundation
import Synchronization

/// A loopback HTTP/1.1 server that keeps every request as it came on the wire (method, target,
/// header lines in order, body bytes) and answers each `200 ok`: what a client sends is compared
/// with what another sent. Connections are kept alive; `Expect: 100-continue` is answered.
public final class RecordingServer: Sendable {
    public struct Request: Sendable {
        public let method: String
        public let target: String
        public let headers: [(name: String, value: String)]
        public let body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)" }
    private let socket: Int32
    private let received = Received()

    private final class Received: Sendable {
        private let list = Mutex<[Request]>([])
        func append(_ request: Request) { list.withLock { $0.append(request) } }
        var all: [Request] { list.withLock { $0 } }
    }

    public init() throws {
        let (listener, port) = try ScriptedServer.listenOnLoopback()
        socket = listener
        self.port = port
        Thread.detachNewThread { [received] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread {
                    Self.serve(connection) { received.append($0) }
                    close(connection)
                }
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// The requests received so far, in the order they arrived.
    public var requests: [Request] { received.all }

    private static func serve(_ connection: Int32, record: (Request) -> Void) {
        var pending: [UInt8] = []
        func fill() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            pending += buffer.prefix(count)
            return true
        }
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let separator = Array("\r\n\r\n".utf8)
        while true {
            var headEnd: Int?
            while headEnd == nil {
                headEnd = pending.indices.dropLast(3).first { Array(pending[$0..<$0 + 4]) == separator }
                if headEnd == nil, !fill() { return }
            }
            guard let end = headEnd else { return }
            let lines = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            pending.removeFirst(end + 4)
            let requestLine = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
            guard requestLine.count == 3 else { return }
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            let value = { (name: String) in headers.first { $0.name.lowercased() == name }?.value }
            if value("expect")?.lowercased() == "100-continue" { write("HTTP/1.1 100 Continue\r\n\r\n") }
            var body: [UInt8] = []
            if value("transfer-encoding")?.lowercased() == "chunked" {
                while true {
                    while pending.firstIndex(of: 0x0A) == nil { if !fill() { return } }
                    let lineEnd = pending.firstIndex(of: 0x0A)!
                    // A size that is not hexadecimal ends the connection: nothing is recorded.
                    guard let size = Int(String(decoding: pending[..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) else { return }
                    pending.removeFirst(lineEnd + 1)
                    while pending.count < size + 2 { if !fill() { return } }
                    body += pending[..<size]
                    pending.removeFirst(size + 2)
                    if size == 0 { break }
                }
            } else {
                let length = Int(value("content-length") ?? "0") ?? 0
                while pending.count < length { if !fill() { return } }
                body = Array(pending[..<length])
                pending.removeFirst(length)
            }
            record(Request(method: requestLine[0], target: requestLine[1], headers: headers, body: Data(body)))
            write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok")
        }
    }
}
