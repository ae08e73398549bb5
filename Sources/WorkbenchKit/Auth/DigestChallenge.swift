import Foundation

/// A server's `WWW-Authenticate: Digest …` challenge (RFC 7616 §3.3), and the `Authorization`
/// header that answers it (§3.4) as curl writes it: `username`, `realm`, `nonce`, `uri`, then with
/// a qop `cnonce`, `nc`, `qop`, then `response`, `opaque` and `algorithm` (as the server spelled it).
public struct DigestChallenge: Equatable, Sendable {
    public var realm: String
    public var nonce: String
    public var opaque: String?
    /// As the challenge spells it (`MD5`, `SHA-256-sess`); nil when it names none (MD5).
    public var algorithm: String?
    /// The qop values offered (`auth`, `auth-int`).
    public var qop: [String]
    public var stale: Bool

    public init(realm: String, nonce: String, opaque: String? = nil, algorithm: String? = nil, qop: [String] = [], stale: Bool = false) {
        (self.realm, self.nonce, self.opaque, self.algorithm, self.qop, self.stale) = (realm, nonce, opaque, algorithm, qop, stale)
    }

    /// The Digest challenge among `header`'s (a header may hold several schemes); nil for none.
    public init?(header: String) {
        guard let start = header.range(of: #"(^|,\s*)Digest\s+"#, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let parameters = Self.parameters(header[start.upperBound...])
        guard let nonce = parameters["nonce"] else { return nil }
        self.nonce = nonce
        realm = parameters["realm"] ?? ""
        opaque = parameters["opaque"]
        algorithm = parameters["algorithm"]
        qop = (parameters["qop"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        stale = parameters["stale"]?.lowercased() == "true"
    }

    /// `name=value` and `name="quoted \"value\""` pairs, names in lower case, up to a parameter that
    /// begins another scheme.
    public static func parameters(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "," }
            guard !name.isEmpty, rest.dropFirst(name.count).first == "=" else { break }
            rest = rest.dropFirst(name.count + 1)
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    if character == "\\", let next = rest.dropFirst().first {
                        value.append(next)
                        rest = rest.dropFirst(2)
                    } else {
                        value.append(character)
                        rest = rest.dropFirst()
                    }
                }
                rest = rest.dropFirst()
            } else {
                value = String(rest.prefix { $0 != "," && $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            result[name.lowercased()] = value
        }
        return result
    }

    /// Why Workbench cannot answer it, when it cannot: an algorithm other than MD5 and SHA-256
    /// (and their `-sess` forms), or `-sess` without a qop.
    public var unanswerable: String? {
        let name = (algorithm ?? "MD5").uppercased()
        guard ["MD5", "MD5-SESS", "SHA-256", "SHA-256-SESS"].contains(name) else {
            return "the server's Digest challenge asks for algorithm \(algorithm ?? ""), and Workbench answers MD5 and SHA-256 (and their -sess forms)"
        }
        if name.hasSuffix("-SESS") && chosenQop == nil { return "the server's Digest challenge asks for \(algorithm ?? "") without a qop, which RFC 7616 does not define" }
        return nil
    }

    /// `auth` when offered, else `auth-int`, else none (the RFC 2069 form), as curl chooses.
    var chosenQop: String? {
        qop.contains("auth") ? "auth" : qop.contains("auth-int") ? "auth-int" : nil
    }

    /// The `Authorization` value answering it for `user` and `password`, for a request of `method`
    /// to `uri` (its path and query as on the request line) with `body`; `cnonce` and `count` as
    /// the client chooses them (`count` is the nth request with this nonce).
    public func authorization(user: String, password: String, method: String, uri: String, body: Data?,
                              cnonce: String, count: Int = 1) -> String {
        let qop = chosenQop
        let nc = String(format: "%08x", count)
        let response = self.response(user: user, password: password, method: method, uri: uri, body: body, cnonce: cnonce, nc: nc)
        var parts = ["username=\(Self.quoted(user))", "realm=\(Self.quoted(realm))", "nonce=\(Self.quoted(nonce))", "uri=\(Self.quoted(uri))"]
        if let qop { parts += ["cnonce=\(Self.quoted(cnonce))", "nc=\(nc)", "qop=\(qop)"] }
        parts.append("response=\(Self.quoted(response))")
        if let opaque { parts.append("opaque=\(Self.quoted(opaque))") }
        if let algorithm { parts.append("algorithm=\(algorithm)") }
        return "Digest " + parts.joined(separator: ", ")
    }

    /// The `response` (lowercase hex) for these inputs and the chosen qop (RFC 7616 §3.4.1): what a
    /// server that issued the challenge checks an answer against.
    public func response(user: String, password: String, method: String, uri: String, body: Data?, cnonce: String, nc: String) -> String {
        let name = (algorithm ?? "MD5").uppercased()
        let sha256 = name.hasPrefix("SHA-256")
        func hash(_ bytes: [UInt8]) -> String { DigestHash.hex(sha256 ? DigestHash.sha256(bytes) : DigestHash.md5(bytes)) }
        func h(_ text: String) -> String { hash(Array(text.utf8)) }
        var secret = h("\(user):\(realm):\(password)")
        if name.hasSuffix("-SESS") { secret = h("\(secret):\(nonce):\(cnonce)") }
        let qop = chosenQop
        let a2 = qop == "auth-int" ? "\(method):\(uri):\(hash([UInt8](body ?? Data())))" : "\(method):\(uri)"
        return qop.map { h("\(secret):\(nonce):\(nc):\(cnonce):\($0):\(h(a2))") } ?? h("\(secret):\(nonce):\(h(a2))")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
