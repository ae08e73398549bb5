import Foundation

/// A request as the sandbox's APIs see it: method, path segments, query items, headers and body.
struct SandboxRequest: Sendable {
    let method: String
    /// The method as the request line had it: HEAD stays HEAD where the router answers it as GET.
    let sentMethod: String
    /// The request target as received: path and query, still percent-encoded.
    let target: String
    /// The path, percent-decoded, without the query.
    let path: String
    /// The path's segments, percent-decoded, without empty ones.
    let segments: [String]
    let query: [(name: String, value: String)]
    let headers: [(name: String, value: String)]
    let body: [UInt8]
    /// `host:port` the client addressed (its Host header).
    let authority: String?
    let clientAddress: String

    init(
        method: String, sentMethod: String? = nil, target: String, authority: String?, headers: [(name: String, value: String)],
        body: [UInt8], clientAddress: String
    ) {
        self.method = method.uppercased()
        self.sentMethod = (sentMethod ?? method).uppercased()
        self.target = target
        self.authority = authority
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? "/"
        path = rawPath.removingPercentEncoding ?? rawPath
        segments = rawPath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        query = parts.count > 1 ? Self.queryItems(String(parts[1])) : []
    }

    /// This request with its first `count` path segments (the API prefix) taken off.
    func droppingPrefix(_ count: Int) -> SandboxRequest {
        var copy = self
        copy.prefixSegments = Array(segments.prefix(count))
        copy.apiSegments = Array(segments.dropFirst(count))
        return copy
    }

    /// The segments the API sees (after its prefix).
    private(set) var apiSegments: [String] = []
    /// The prefix's segments, e.g. `["httpbin"]`.
    private(set) var prefixSegments: [String] = []

    /// The path of the API's prefix, e.g. `/httpbin`, for Location headers.
    var prefixPath: String { "/" + prefixSegments.joined(separator: "/") }

    /// The URL the client asked for, as httpbin's `url` shows it.
    var url: String { "http://\(authority ?? "127.0.0.1")\(target)" }

    /// All values of a query item, in order (`?id=1&id=2`).
    func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The first value of a query item.
    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Splits a query string into decoded items (`+` is a space, as forms send it).
    static func queryItems(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
    }
}
