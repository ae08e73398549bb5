import Foundation
import WorkbenchKit

/// `/digest-auth/{qop}/{user}/{passwd}[/{algorithm}]`: httpbin's Digest authentication (RFC 7616).
/// Without an answer, or with a wrong one, a 401 challenge as httpbin words it; with the right
/// one, `{"authenticated": true, "user": …}`. As httpbin, no nonce is remembered: the answer is
/// checked against the nonce it names, its `uri` against the request's own target. The sandbox
/// checks MD5 and SHA-256 (httpbin also offers SHA-512).
enum HTTPBinDigest {
    static let realm = "me@kennethreitz.com"

    static func respond(_ request: SandboxRequest) -> SandboxResponse {
        let path = request.apiSegments
        let (qop, user, password) = (path[1], path[2], path[3])
        let algorithm = path.count == 5 ? path[4] : "MD5"
        guard ["MD5", "SHA-256"].contains(algorithm) else {
            return .error(400, "the sandbox's /digest-auth takes algorithm MD5 or SHA-256, not '\(algorithm)'")
        }
        let offered = ["auth", "auth-int"].contains(qop) ? [qop] : ["auth", "auth-int"]
        if let header = request.header("Authorization"), header.lowercased().hasPrefix("digest "),
           answers(header, user: user, password: password, algorithm: algorithm, offered: offered, request: request) {
            return .json(.object([("authenticated", .bool(true)), ("user", .string(user))]), pretty: true)
        }
        let nonce = DigestHash.hex(DigestHash.md5(Array(UUID().uuidString.utf8)))
        let opaque = DigestHash.hex(DigestHash.md5(Array(UUID().uuidString.utf8)))
        let challenge = "Digest realm=\"\(realm)\", nonce=\"\(nonce)\", qop=\"\(offered.joined(separator: ", "))\", opaque=\"\(opaque)\", algorithm=\(algorithm), stale=FALSE"
        return SandboxResponse(status: 401, headers: [("WWW-Authenticate", challenge), ("Content-Type", "text/html; charset=utf-8")])
    }

    /// Whether `header` is the right answer: this user, this realm, an offered qop, this
    /// request's target, and the response the password gives.
    private static func answers(_ header: String, user: String, password: String, algorithm: String, offered: [String],
                                request: SandboxRequest) -> Bool {
        let given = DigestChallenge.parameters(header.dropFirst("Digest ".count))
        guard given["username"] == user, given["realm"] == realm, let nonce = given["nonce"], given["uri"] == request.target,
              (given["algorithm"] ?? "MD5").uppercased() == algorithm.uppercased() else { return false }
        let qop = given["qop"]
        if let qop, !offered.contains(qop) { return false }
        let challenge = DigestChallenge(realm: realm, nonce: nonce, algorithm: algorithm, qop: qop.map { [$0] } ?? [])
        // The method the client hashed: a HEAD is answered as a GET, but was sent as HEAD.
        let expected = challenge.response(user: user, password: password, method: request.sentMethod, uri: request.target,
                                          body: Data(request.body), cnonce: given["cnonce"] ?? "", nc: given["nc"] ?? "")
        return given["response"] == expected
    }
}
