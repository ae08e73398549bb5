/// An answer of one of the sandbox's APIs, before it is written to the connection.
struct SandboxResponse: Sendable {
    /// A body given whole, or produced chunk by chunk (sent with chunked transfer encoding).
    enum Body: Sendable {
        case bytes([UInt8])
        case stream(@Sendable (_ emit: ([UInt8]) async throws -> Void) async throws -> Void)
    }

    var status: Int
    var headers: [(name: String, value: String)]
    var body: Body

    init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static let jsonContentType = "application/json; charset=utf-8"

    /// JSON bytes, sent as they are.
    static func json(_ bytes: [UInt8], status: Int = 200, contentType: String = jsonContentType) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", contentType)], body: .bytes(bytes))
    }

    /// A JSON value the sandbox built, pretty or compact as the real API prints it.
    static func json(_ value: JSONValue, status: Int = 200, pretty: Bool) -> SandboxResponse {
        json(value.rendered(pretty: pretty) + (pretty ? [0x0A] : []), status: status)
    }

    static func text(_ text: String, status: Int = 200, contentType: String) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    /// The sandbox's own error shape, for what no real API answers (unknown prefix, unreadable dataset).
    static func error(_ status: Int, _ message: String) -> SandboxResponse {
        json(.object([("error", .string(message))]), status: status, pretty: true)
    }

    /// The same response with one more header.
    func adding(_ name: String, _ value: String) -> SandboxResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    /// The body's bytes when it is given whole (tests and in-process callers).
    var bodyBytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}
