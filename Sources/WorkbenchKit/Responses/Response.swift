import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as received: status, headers (as Foundation reports them), body bytes, final URL.
public struct Response: Sendable {
    public let statusCode: Int
    public let headers: HeaderList
    public let body: Data
    /// Where the response came from, after any redirects followed.
    public let url: URL?

    public init(statusCode: Int, headers: HeaderList, body: Data, url: URL?) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    init(_ response: HTTPURLResponse, body: Data) {
        var headers = HeaderList()
        for (key, value) in response.allHeaderFields {
            // Foundation's names and values are strings: taken as they are, not described.
            headers.append(key.base as? String ?? "\(key)", value as? String ?? "\(value)")
        }
        self.init(statusCode: response.statusCode, headers: headers, body: body, url: response.url)
    }

    public var reasonPhrase: String { HTTPStatus.reasonPhrase(statusCode) }
    public var contentType: String? { headers["Content-Type"] }
    /// `application/json` from `application/json; charset=utf-8`, lower case.
    public var mimeType: String? { Self.mimeType(contentType) }

    /// The media type of a `Content-Type` value, without parameters, lower case.
    static func mimeType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        // The first piece between `;`s that is not empty, as `split(separator:)` gives it; an
        // ASCII value is split as bytes (Characters split the same way there).
        let piece: Substring
        if contentType.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = contentType.utf8
            let separator = UInt8(ascii: ";")
            let start = bytes.firstIndex { $0 != separator } ?? bytes.endIndex
            let end = bytes[start...].firstIndex(of: separator) ?? bytes.endIndex
            piece = start == end ? Substring(contentType) : Substring(bytes[start..<end])
        } else {
            piece = contentType.split(separator: ";").first ?? Substring(contentType)
        }
        return trimmingWhitespace(piece).lowercased()
    }

    /// `text` without the tabs and space separators (general category Zs) at its ends: what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` removes, read by scalar here, since
    /// Foundation's bridge cost a few percent of a replay of small responses (Benchmarks/README.md).
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == " " || (!scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return text[text.endIndex...] }
        let last = scalars.lastIndex(where: { !isWhitespace($0) }) ?? first
        return Substring(scalars[first...last])
    }
}

/// One request sent and what came back, as `history` numbers them.
public struct Exchange: Sendable {
    /// 1-based position in the session's history.
    public let number: Int
    public let method: String
    /// The URL the user sees (the real host, even when offline mode sent it to the sandbox).
    public let url: URL
    public let requestHeaders: HeaderList
    public let requestBody: Data?
    public let response: Response
    public let timing: Timing
    /// Whether the URL rewriter sent it elsewhere (offline mode).
    public let offline: Bool

    /// When the response's parts arrived, measured with ContinuousClock (no task metrics on Linux).
    public struct Timing: Sendable {
        public let sentAt: Date
        /// Request start to response headers.
        public let headers: Duration?
        /// Request start to the last body byte.
        public let total: Duration
    }
}

/// Reason phrases and what each status class means.
public enum HTTPStatus {
    public static func reasonPhrase(_ code: Int) -> String {
        phrases[code] ?? HTTPURLResponse.localizedString(forStatusCode: code).capitalized
    }

    public static func classMeaning(_ code: Int) -> String {
        switch code {
        case 100..<200: "1xx informational: the request was received, the server is continuing"
        case 200..<300: "2xx success: the request was received, understood and accepted"
        case 300..<400: "3xx redirection: further action is needed (see the Location header)"
        case 400..<500: "4xx client error: the request is wrong (URL, method, headers or body)"
        case 500..<600: "5xx server error: the server failed to answer a valid request"
        default: "not a standard status class"
        }
    }

    private static let phrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
        203: "Non-Authoritative Information", 204: "No Content", 205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
        402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a teapot", 421: "Misdirected Request",
        422: "Unprocessable Content", 425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 511: "Network Authentication Required",
    ]
}
