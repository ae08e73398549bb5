import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as the tests look at it.
struct FetchedResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body parsed by Foundation, the reference JSON reader.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }
}

/// URLSession, redirects not followed, so tests see what the sandbox answered.
final class HTTPClient: NSObject, Sendable {
    static let shared = HTTPClient()

    private let following: URLSession
    private let notFollowing: URLSession

    private override init() {
        let configuration = URLSessionConfiguration.ephemeral
        // Generous: in a full run on 2 cores the in-process sandbox shares them with every other
        // suite, and 50 concurrent requests once went 30 s without a byte (CI, 2026-11-26).
        configuration.timeoutIntervalForRequest = 120
        following = URLSession(configuration: configuration)
        notFollowing = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        super.init()
    }

    func fetch(
        _ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:], followRedirects: Bool = false
    ) async throws -> FetchedResponse {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await (followRedirects ? following : notFollowing).data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return FetchedResponse(status: http.statusCode, headers: fields, body: data)
    }

}

/// Answers every redirect with "don't follow", so the 3xx itself comes back.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

extension URL {
    /// The URL with `path` (and its query) appended to this base.
    func at(_ path: String) -> URL {
        URL(string: absoluteString + path) ?? self
    }
}

/// Answers an authentication challenge by cancelling it, keeping the 401 or 407 it came with.
///
/// URLSession on this toolchain hangs on a 401 with `WWW-Authenticate` unless a delegate answers
/// (docs/ARCHITECTURE.md, "URLSession on Linux").
final class ChallengeRecorder: NSObject, URLSessionTaskDelegate, Sendable {
    private let recorded = Mutex<(status: Int, header: String?)?>(nil)

    var challenge: (status: Int, header: String?)? { recorded.withLock { $0 } }

    /// The status and `WWW-Authenticate` of the challenge `url` answers with, if it challenges.
    static func challenge(at url: URL) async -> (status: Int, header: String?)? {
        let recorder = ChallengeRecorder()
        let session = URLSession(configuration: .ephemeral, delegate: recorder, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        _ = try? await session.data(from: url)
        return recorder.challenge
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            let header = response.value(forHTTPHeaderField: "WWW-Authenticate")
            recorded.withLock { $0 = (response.statusCode, header) }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
