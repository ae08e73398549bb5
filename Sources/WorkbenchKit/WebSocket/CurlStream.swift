import Foundation

/// A byte stream to a host, opened by libcurl in its connect-only mode: libcurl makes the TCP
/// connection, the TLS session for `https` (certificates checked against the system store, as
/// URLSession's are) and a proxy's tunnel, then hands over the raw stream. Debian's libcurl has no
/// WebSocket protocol of its own (so URLSessionWebSocketTask fails here); the frames are ours.
///
/// libcurl is opened by name: FoundationNetworking already uses it, and WorkbenchKit links no C.
/// A connection's sends and receives may come from two threads; libcurl's handle is used by one
/// at a time (`lock`), and neither waits inside libcurl: both poll the socket first.
final class CurlStream: @unchecked Sendable {
    private let handle: OpaquePointer
    private let socket: Int32
    private let lock = NSLock()
    private var isClosed = false

    /// Connects to `url`'s host (`http` or `https`), waiting at most `timeout` seconds; errors
    /// name `shown`, the URL as the user wrote it (`ws://…`).
    init(url: URL, shown: URL, timeout: Double) throws(WorkbenchError) {
        guard let curl = Curl.functions else { throw .transportFailure(TransportFailure(cause: .other("libcurl could not be loaded"), code: 0), url: shown.absoluteString) }
        guard let handle = curl.easyInit() else { throw .transportFailure(TransportFailure(cause: .other("libcurl could not start"), code: 0), url: shown.absoluteString) }
        var succeeded = false
        defer { if !succeeded { curl.cleanup(handle) } }
        let visible = shown.absoluteString
        let options: [(Int32, Int)] = [
            (Curl.connectOnly, 1), (Curl.noSignal, 1), (Curl.connectTimeoutMilliseconds, max(1, Int(timeout * 1000))),
            // HTTP/1.1 in TLS's ALPN too: a server that chose h2 would not read the upgrade.
            (Curl.httpVersion, Curl.http11),
            // Through a proxy (http_proxy, https_proxy), a tunnel: the proxy must not read the frames as HTTP.
            (Curl.httpProxyTunnel, 1),
        ]
        for (option, value) in options { _ = curl.setLong(handle, option, value) }
        let code = url.absoluteString.withCString { curl.setString(handle, Curl.url, $0) }
        guard code == 0 else { throw .invalidURL(visible, reason: curl.message(code)) }
        let performed = curl.perform(handle)
        guard performed == 0 else {
            if performed == Curl.operationTimedOut { throw .timedOut(seconds: timeout, url: visible) }
            throw .transportFailure(Curl.failure(performed, message: curl.message(performed), host: url.host ?? ""), url: visible)
        }
        var socket: Int32 = -1
        guard curl.getSocket(handle, Curl.activeSocket, &socket) == 0, socket >= 0 else {
            throw .transportFailure(TransportFailure(cause: .other("libcurl gave no socket"), code: 0), url: visible)
        }
        (self.handle, self.socket) = (handle, socket)
        succeeded = true
    }

    deinit {
        Curl.functions?.cleanup(handle)
    }

    /// Writes all of `bytes`, waiting while the socket is full until `deadline`; false once the
    /// stream is closed or broken, or the deadline passed.
    func send(_ bytes: [UInt8], deadline: Date) -> Bool {
        guard let curl = Curl.functions else { return false }
        var offset = 0
        while offset < bytes.count {
            guard Date() < deadline else { return false }
            var sent = 0
            let code: Int32 = lock.withLock {
                guard !isClosed else { return -1 }
                return bytes[offset...].withUnsafeBytes { curl.send(handle, $0.baseAddress, $0.count, &sent) }
            }
            if code == Curl.again {
                guard wait(for: Int16(POLLOUT), milliseconds: 1000) != .broken else { return false }
                continue
            }
            guard code == 0 else { return false }
            offset += sent
        }
        return true
    }

    /// What arrives next: bytes, `[]` after `milliseconds` with nothing, nil at the end of the
    /// stream or an error.
    func receive(waiting milliseconds: Int32) -> [UInt8]? {
        guard let curl = Curl.functions else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var received = 0
            let code: Int32 = lock.withLock {
                guard !isClosed else { return -1 }
                return chunk.withUnsafeMutableBytes { curl.receive(handle, $0.baseAddress, $0.count, &received) }
            }
            if code == 0 { return received == 0 ? nil : Array(chunk.prefix(received)) }
            // TLS may hold decrypted bytes the socket no longer shows: libcurl is asked before waiting.
            guard code == Curl.again else { return nil }
            switch wait(for: Int16(POLLIN), milliseconds: milliseconds) {
            case .ready: continue
            case .timedOut: return []
            case .broken: return nil
            }
        }
    }

    /// Ends the stream: later sends and receives fail at once.
    func close() {
        lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    private enum Readiness { case ready, timedOut, broken }

    private func wait(for events: Int16, milliseconds: Int32) -> Readiness {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let count = poll(&descriptor, 1, milliseconds)
        if count < 0 { return errno == EINTR ? .timedOut : .broken }
        if count == 0 { return .timedOut }
        return descriptor.revents & Int16(POLLNVAL) != 0 ? .broken : .ready
    }
}

/// The libcurl functions `CurlStream` calls, found once in the system's libcurl.
private struct Curl {
    static let url: Int32 = 10002, connectOnly: Int32 = 141, noSignal: Int32 = 99
    static let connectTimeoutMilliseconds: Int32 = 156, httpProxyTunnel: Int32 = 61, httpVersion: Int32 = 84, http11 = 2
    static let activeSocket: Int32 = 0x50_002C
    static let again: Int32 = 81, operationTimedOut: Int32 = 28

    // curl_easy_setopt and curl_easy_getinfo are variadic; on Linux (x86-64 and AArch64) a
    // variadic call passes integer and pointer arguments as a plain call does.
    let easyInit: @convention(c) () -> OpaquePointer?
    let setLong: @convention(c) (OpaquePointer, Int32, Int) -> Int32
    let setString: @convention(c) (OpaquePointer, Int32, UnsafePointer<CChar>) -> Int32
    let perform: @convention(c) (OpaquePointer) -> Int32
    let getSocket: @convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<Int32>) -> Int32
    let send: @convention(c) (OpaquePointer, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
    let receive: @convention(c) (OpaquePointer, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
    let cleanup: @convention(c) (OpaquePointer) -> Void
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// A libcurl error code as the failure a request reports for it.
    static func failure(_ code: Int32, message: String, host: String) -> TransportFailure {
        let cause: TransportFailure.Cause = switch code {
        case 6: .hostNotFound(host: host)
        case 7: .connectionRefused
        case 35: .handshakeFailed(message)
        case 60: .certificateRejected(message)
        default: .other(message)
        }
        return TransportFailure(cause: cause, code: Int(code), detail: message)
    }

    func message(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }

    static let functions: Curl? = {
        guard let library = dlopen("libcurl.so.4", RTLD_NOW) ?? dlopen("libcurl.so", RTLD_NOW) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> OpaquePointer?).self),
              let setLong = symbol("curl_easy_setopt", as: (@convention(c) (OpaquePointer, Int32, Int) -> Int32).self),
              let setString = symbol("curl_easy_setopt", as: (@convention(c) (OpaquePointer, Int32, UnsafePointer<CChar>) -> Int32).self),
              let perform = symbol("curl_easy_perform", as: (@convention(c) (OpaquePointer) -> Int32).self),
              let getSocket = symbol("curl_easy_getinfo", as: (@convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<Int32>) -> Int32).self),
              let send = symbol("curl_easy_send", as: (@convention(c) (OpaquePointer, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32).self),
              let receive = symbol("curl_easy_recv", as: (@convention(c) (OpaquePointer, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32).self),
              let cleanup = symbol("curl_easy_cleanup", as: (@convention(c) (OpaquePointer) -> Void).self),
              let strerror = symbol("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)
        else { return nil }
        return Curl(easyInit: easyInit, setLong: setLong, setString: setString, perform: perform, getSocket: getSocket,
                    send: send, receive: receive, cleanup: cleanup, strerror: strerror)
    }()
}
