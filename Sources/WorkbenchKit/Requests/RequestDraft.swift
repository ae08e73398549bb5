import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request being built: method, URL components with query items, headers and body.
public struct RequestDraft: Sendable, Equatable {
    public var method: String = "GET"
    /// Scheme, host, port, path, query items and fragment; empty until a base or full URL is set.
    public var components = URLComponents()
    public var headers = HeaderList()
    public var body: RequestBody?
    /// Who answers a server's Digest challenge (`digestAuth`), if anyone.
    public var digest: DigestCredentials?

    public init() {}

    /// The query items in order (`[]` when there is no query).
    public var queryItems: [URLQueryItem] {
        get { components.queryItems ?? [] }
        set { components.queryItems = newValue.isEmpty ? nil : newValue }
    }

    /// Whether a scheme and host are set, so the request can be sent.
    public var hasHost: Bool { components.host?.isEmpty == false && components.scheme != nil }

    /// The URL this draft sends to.
    public func url() throws(WorkbenchError) -> URL {
        guard hasHost else { throw .noBase(components.path.isEmpty ? "/" : components.path) }
        guard let url = components.url else {
            throw .invalidURL(components.description, reason: "URLComponents cannot make a URL of it")
        }
        return url
    }

    /// The URLRequest sent: default headers first, the draft's own headers override them by name.
    public func urlRequest(defaultHeaders: HeaderList = HeaderList()) throws(WorkbenchError) -> URLRequest {
        var request = URLRequest(url: try url())
        request.httpMethod = method
        for field in allHeaders(defaultHeaders: defaultHeaders) {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let body { request.httpBody = body.data }
        return request
    }

    /// Default headers, then the draft's, then Content-Type for the body when none was given.
    public func allHeaders(defaultHeaders: HeaderList = HeaderList()) -> HeaderList {
        var merged = HeaderList()
        for field in defaultHeaders where headers[field.name] == nil { merged.append(field.name, field.value) }
        for field in headers { merged.append(field.name, field.value) }
        if let body, merged["Content-Type"] == nil { merged.append("Content-Type", body.contentType) }
        return merged
    }

    /// Parses a whole URL: http or https with a host, or an error that says what is missing.
    public static func parseURL(_ text: String) throws(WorkbenchError) -> URLComponents {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed) else {
            throw .invalidURL(text, reason: "it is not a URL (spaces or characters that must be percent-encoded?)")
        }
        guard let scheme = components.scheme else {
            throw .invalidURL(text, reason: "no scheme (http:// or https://)")
        }
        guard ["http", "https"].contains(scheme.lowercased()) else { throw .unsupportedScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(text, reason: "no host") }
        if let port = components.port, !(1...65535).contains(port) {
            throw .invalidURL(text, reason: "port \(port) is outside 1–65535")
        }
        return components
    }
}
