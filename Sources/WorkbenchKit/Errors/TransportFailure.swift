/// Why a request got no response, named as curl's error table names its failures.
///
/// Foundation on Linux reports most TLS failures as `URLError -1` ("unknown"); the cause is only
/// in libcurl's message, which `TransportFailure(_:)` (TransportFailure+Cause.swift) reads.
public struct TransportFailure: Sendable, Equatable {
    public enum Cause: Sendable, Equatable {
        /// The certificate signs itself (a developer's own server).
        case selfSignedCertificate
        /// The chain the server sent ends in a self-signed root this machine does not trust.
        case untrustedRoot
        /// The certificate's issuer is not in this machine's trust store (a private CA).
        case unknownIssuer
        case expiredCertificate
        case certificateNotYetValid
        /// The certificate names other hosts than the one in the URL.
        case hostNameMismatch(host: String)
        /// Another certificate problem, in OpenSSL's words.
        case certificateRejected(String)
        case clientCertificateRequired
        /// No TLS version or cipher in common, or another handshake alert, in OpenSSL's words.
        case handshakeFailed(String)
        /// An https:// URL answered by a server that does not speak TLS there.
        case notTLS
        case hostNotFound(host: String)
        case connectionRefused
        case connectionReset
        /// The server closed the connection without a byte of response.
        case emptyReply
        case tooManyRedirects
        case headersTooLarge
        /// The reply does not begin with an HTTP status line.
        case notHTTP
        /// The connection closed `missing` bytes before the end its `Content-Length` announced.
        case bodyCutShort(missing: Int)
        /// A scheme libcurl does not speak (a redirect to `ftp://…`, say).
        case unsupportedScheme(String)
        /// Anything else: Foundation's words for the code, and libcurl's message.
        case other(String)
    }

    public var cause: Cause
    /// The URLError code Foundation reported.
    public var code: Int
    /// libcurl's own message (e.g. "SSL certificate problem: self-signed certificate"), when there is one.
    public var detail: String

    public init(cause: Cause, code: Int, detail: String = "") {
        self.cause = cause
        self.code = code
        self.detail = detail
    }

    /// What went wrong, for "request to URL failed: …".
    public var words: String {
        switch cause {
        case .selfSignedCertificate: "TLS: the server's certificate is self-signed, so not trusted"
        case .untrustedRoot: "TLS: the server's certificate chain ends in an untrusted self-signed root"
        case .unknownIssuer: "TLS: the server's certificate is signed by an unknown authority"
        case .expiredCertificate: "TLS: the server's certificate has expired"
        case .certificateNotYetValid: "TLS: the server's certificate is not valid yet"
        case .hostNameMismatch(let host): "TLS: the server's certificate is not for '\(host)'"
        case .certificateRejected(let reason): "TLS: the server's certificate was rejected (\(reason))"
        case .clientCertificateRequired: "TLS: the server asks for a client certificate"
        case .handshakeFailed(let reason): "TLS handshake failed (\(reason))"
        case .notTLS: "the server did not answer in TLS"
        case .hostNotFound(let host): "host '\(host)' not found (DNS)"
        case .connectionRefused: "connection refused"
        case .connectionReset: "the connection was reset by the server"
        case .emptyReply: "the server closed the connection without answering"
        case .tooManyRedirects: "too many redirects"
        case .headersTooLarge: "the response headers are too large"
        case .notHTTP: "the server's reply is not HTTP (no status line)"
        case .bodyCutShort(let missing): "the server closed the connection \(missing) bytes before the end of the body its Content-Length announced"
        case .unsupportedScheme(let scheme): "'\(scheme)' is not a scheme URLSession follows (a redirect's Location?)"
        case .other(let words): detail.isEmpty || detail == words ? words : "\(words) (\(detail))"
        }
    }

    /// What the user can do about it.
    public var hint: String {
        switch cause {
        case .selfSignedCertificate: Self.trustHint("the certificate")
        case .untrustedRoot, .unknownIssuer: Self.trustHint("the CA's certificate")
        case .certificateRejected: "`openssl s_client -connect HOST:PORT` shows the certificate and why"
        case .expiredCertificate: "the server must renew it (or this machine's clock is wrong)"
        case .certificateNotYetValid: "check this machine's clock, or wait until the certificate starts"
        case .hostNameMismatch: "use a host name the certificate names (`openssl s_client -connect HOST:PORT` shows them)"
        case .clientCertificateRequired: "Workbench cannot send one; use `curl --cert` for this server"
        case .handshakeFailed: "this machine and the server share no TLS version or cipher; check the server's TLS settings"
        case .notTLS: "if it serves plain HTTP, use http:// instead of https://"
        case .hostNotFound: "check the host name"
        case .connectionRefused: "nothing listens there: check the port and that the server is up"
        case .connectionReset: "try again; if it persists, the server's log says why"
        case .emptyReply: "if the server speaks TLS on that port, use https:// instead of http://"
        case .tooManyRedirects: "the server redirects in a loop; `set redirects off` shows the first redirect"
        case .headersTooLarge: "the server sent more than libcurl accepts (about 100 KB of headers)"
        case .notHTTP: "check the port: something else than an HTTP server answers there"
        case .bodyCutShort: "try again; if it persists, the server (or a proxy before it) breaks off its answers"
        case .unsupportedScheme: "`set redirects off` shows the redirect; only http and https are followed"
        case .other: "check the URL and that the server is up"
        }
    }

    /// Foundation on Linux reads only the system's trust store (libcurl's CA bundle): it honours
    /// no SSL_CERT_FILE, CURL_CA_BUNDLE or per-session setting (Tests/EndToEndTests/TLSFailureTests.swift checks it).
    static func trustHint(_ certificate: String) -> String {
        "to trust it, copy \(certificate) to /usr/local/share/ca-certificates/NAME.crt and run "
            + "`sudo update-ca-certificates` (URLSession on Linux reads only the system store)"
    }
}
