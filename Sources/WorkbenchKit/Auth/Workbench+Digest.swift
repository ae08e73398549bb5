import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user and password for a server's Digest challenge: kept with the request, never sent as they are.
public struct DigestCredentials: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

extension Workbench {
    /// `curl --digest -u USER:PASSWORD`: the request answers a 401's Digest challenge (RFC 7616)
    /// by sending itself again with the `Authorization` the challenge asks for; `reset` forgets it.
    public func digestAuth(_ user: String, password: String) {
        request.digest = DigestCredentials(user: user, password: password)
    }

    /// `urlRequest` again with the `Authorization` that answers `response`'s Digest challenge, when
    /// it is a 401 with one and the request has credentials; a challenge Workbench cannot answer
    /// is one line, and the 401 stands.
    func digestAnswer(to response: Response, for urlRequest: URLRequest) -> URLRequest? {
        // Where the 401 came from: after redirects followed, not the URL first asked.
        guard response.statusCode == 401, let credentials = request.digest, let url = response.url ?? urlRequest.url,
              let challenge = response.headers.values(for: "WWW-Authenticate").lazy.compactMap(DigestChallenge.init(header:)).first else { return nil }
        if let reason = challenge.unanswerable {
            console.line(console.styled("note: \(reason); the 401 stands", .yellow))
            return nil
        }
        // The path and query as on the request line (the sandbox's, offline), as the server hashes them.
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let uri = (components?.percentEncodedPath.isEmpty == false ? components?.percentEncodedPath ?? "/" : "/")
            + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
        let cnonce = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var answered = urlRequest
        answered.url = url
        answered.setValue(challenge.authorization(user: credentials.user, password: credentials.password, method: request.method,
                                                  uri: uri, body: urlRequest.httpBody, cnonce: cnonce), forHTTPHeaderField: "Authorization")
        return answered
    }
}
