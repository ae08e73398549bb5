import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user and password for a server's Digest challenge: kept with the request, never sent as they
/// are, and answered only to the origin they were given for, as curl sends `-u` only to the host
/// it was given with.
public struct DigestCredentials: Sendable, Equatable {
    public var user: String
    public var password: String
    /// `https://host:port` of the first request sent with them (`Workbench.bindDigestCredentials`);
    /// nil until then.
    public var origin: String?

    public init(user: String, password: String, origin: String? = nil) {
        self.user = user
        self.password = password
        self.origin = origin
    }

    /// `scheme://host:port`, lowercased, the port always written (so `:443` and none compare equal).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
    }

    /// An origin as a person writes it: the scheme's own port left out.
    static func shown(_ origin: String) -> String {
        origin.hasPrefix("https://") && origin.hasSuffix(":443") || origin.hasPrefix("http://") && origin.hasSuffix(":80")
            ? String(origin[..<origin.lastIndex(of: ":")!]) : origin
    }
}

extension Workbench {
    /// `curl --digest -u USER:PASSWORD`: the request answers a 401's Digest challenge (RFC 7616)
    /// by sending itself again with the `Authorization` the challenge asks for; `reset` forgets it.
    public func digestAuth(_ user: String, password: String) {
        request.digest = DigestCredentials(user: user, password: password)
    }

    /// Credentials not sent yet are for the origin of `url`, the first request sent with them
    /// (the URL the request holds when they are given may be an earlier one's).
    func bindDigestCredentials(to url: URL) {
        guard request.digest != nil, request.digest?.origin == nil else { return }
        request.digest?.origin = DigestCredentials.origin(of: url)
    }

    /// `urlRequest` (sent for `visibleURL`) again with the `Authorization` that answers `response`'s
    /// Digest challenge, when it is a 401 with one and the request has credentials for its origin;
    /// a challenge Workbench cannot answer, or one from another origin, is one line, and the 401
    /// stands.
    func digestAnswer(to response: Response, for urlRequest: URLRequest, visibleURL: URL) -> URLRequest? {
        // Where the 401 came from: after redirects followed, not the URL first asked.
        guard response.statusCode == 401, let credentials = request.digest, let url = response.url ?? urlRequest.url,
              let challenge = response.headers.values(for: "WWW-Authenticate").lazy.compactMap(DigestChallenge.init(header:)).first else { return nil }
        // The request is for their origin, and the 401 is from where it was sent (offline, the sandbox
        // stands in for it), not from another host a redirect led to.
        let elsewhere: String? = if credentials.origin != DigestCredentials.origin(of: visibleURL) {
            DigestCredentials.origin(of: visibleURL).map(DigestCredentials.shown) ?? visibleURL.absoluteString
        } else if DigestCredentials.origin(of: url) != urlRequest.url.flatMap(DigestCredentials.origin) {
            (DigestCredentials.origin(of: url).map(DigestCredentials.shown) ?? url.absoluteString) + ", where a redirect led"
        } else {
            nil
        }
        if let elsewhere {
            let own = credentials.origin.map(DigestCredentials.shown) ?? "another origin"
            console.line(console.styled("note: the Digest credentials are for \(own), not sent to \(elsewhere); the 401 stands", .yellow))
            return nil
        }
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
