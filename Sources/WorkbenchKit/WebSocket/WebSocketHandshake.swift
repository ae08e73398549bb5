import Foundation

/// The opening handshake (RFC 6455, section 4): an HTTP/1.1 GET asking to upgrade, answered by
/// `101 Switching Protocols` whose `Sec-WebSocket-Accept` is the SHA-1 of the key sent and the
/// protocol's GUID, in base64.
package enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// What the server must answer for `key`.
    package static func accept(for key: String) -> String {
        Data(DigestHash.sha1(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The request's text: `target`'s path and query, its host, the upgrade's headers, then `headers`.
    static func request(target: URL, key: String, headers: [(String, String)]) -> String {
        let components = URLComponents(url: target, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        let defaultPort = target.scheme == "https" ? 443 : 80
        // An IPv6 address is written in brackets, as in the URL.
        let name = target.host ?? ""
        let host = (name.contains(":") ? "[\(name)]" : name) + (target.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
        var lines = ["GET \(path) HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
        let own = Set(["host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version"])
        lines += headers.filter { !own.contains($0.0.lowercased()) }.map { "\($0.0): \($0.1)" }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// Sends the request and reads the answer until `deadline`; returns the bytes that came after
    /// the answer's headers (the first frames).
    static func perform(on stream: CurlStream, url: URL, target: URL, headers: [(String, String)],
                        deadline: Date, timeout: Double) throws(WorkbenchError) -> [UInt8] {
        let visible = url.absoluteString
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        guard stream.send(Array(request(target: target, key: key, headers: headers).utf8), deadline: deadline) else {
            throw .transportFailure(TransportFailure(cause: .connectionReset, code: 0), url: visible)
        }
        var bytes: [UInt8] = []
        while true {
            if let end = headerEnd(bytes) {
                try check(Array(bytes[..<end]), key: key, url: visible)
                return Array(bytes[(end + 4)...])
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw .webSocketNoUpgrade(url: visible, seconds: timeout) }
            guard bytes.count <= 64 * 1024 else { throw .webSocketHandshake(url: visible, reason: "its answer's headers are over 64 KB") }
            guard let more = stream.receive(waiting: Int32(min(left * 1000, 200)) + 1) else {
                throw .transportFailure(TransportFailure(cause: bytes.isEmpty ? .emptyReply : .connectionReset, code: 0), url: visible)
            }
            bytes += more
        }
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The answer's status and the headers the protocol requires.
    private static func check(_ head: [UInt8], key: String, url: String) throws(WorkbenchError) {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first ?? ""
        let parts = status.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let code = Int(parts[1]) else {
            throw .webSocketHandshake(url: url, reason: "its answer is not HTTP ('\(status.prefix(40))')")
        }
        guard code == 101 else {
            throw .webSocketRefused(url: url, status: parts.dropFirst().joined(separator: " "), needsCredentials: code == 401 || code == 403)
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["upgrade"]?.lowercased() == "websocket" else {
            throw .webSocketHandshake(url: url, reason: "its 101 does not say `Upgrade: websocket`")
        }
        guard fields["sec-websocket-accept"] == accept(for: key) else {
            throw .webSocketHandshake(url: url, reason: "its Sec-WebSocket-Accept is not the one for the key sent")
        }
        if let extensions = fields["sec-websocket-extensions"], !extensions.isEmpty {
            throw .webSocketHandshake(url: url, reason: "it agreed to extensions that were not asked for (\(extensions))")
        }
    }
}
