import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportFailure {
    /// The failure a URLSession task ended with, its cause found in libcurl's message where the
    /// code alone does not say (every TLS failure is `URLError -1` on Linux).
    public init(_ error: any Error) {
        let nsError = error as NSError
        let detail = Self.libcurlMessage(nsError)
        let code = nsError.code
        self.init(cause: Self.cause(code: code, detail: detail, url: nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL),
                  code: code, detail: detail)
    }

    /// libcurl's message, which Foundation puts in the error's (and its underlying error's) description.
    static func libcurlMessage(_ error: NSError) -> String {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        let message = error.userInfo[NSLocalizedDescriptionKey] as? String
            ?? underlying?.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        return message.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func cause(code: Int, detail: String, url: URL?) -> Cause {
        let text = detail.lowercased()
        let urlCode = URLError.Code(rawValue: code) ?? .unknown
        switch urlCode {
        case .cannotFindHost, .dnsLookupFailed:
            return .hostNotFound(host: after("could not resolve host: ", in: detail) ?? url?.host ?? "?")
        case .cannotConnectToHost:
            return .connectionRefused
        case .networkConnectionLost where text.contains("reset by peer"):
            return .connectionReset
        case .badServerResponse where text.contains("empty reply"):
            return .emptyReply
        case .httpTooManyRedirects:
            return .tooManyRedirects
        default:
            break
        }
        if let cause = tlsCause(detail, url: url) { return cause }
        // libcurl refuses a header block over ~100 KB with "Out of memory".
        if text.contains("out of memory") { return .headersTooLarge }
        // libcurl 7.88's words for a reply that is not HTTP, a body short of its Content-Length,
        // and a Location it will not follow.
        if text.contains("received http/0.9 when not allowed") || text.contains("unsupported http/1 subversion") { return .notHTTP }
        if let remaining = after("transfer closed with ", in: detail).flatMap({ Int($0.prefix { $0.isNumber }) }) {
            return .bodyCutShort(missing: remaining)
        }
        if let scheme = after("protocol \"", in: detail).map({ String($0.prefix { $0 != "\"" }) }), text.contains("not supported") {
            return .unsupportedScheme(scheme)
        }
        let words = URLErrorWords.words(for: urlCode)
        // "URL error -1" says nothing: libcurl's message is better, when there is one.
        return .other(words.hasPrefix("URL error") && !detail.isEmpty ? detail : words)
    }

    /// The TLS cause in libcurl's (OpenSSL's) message, or nil when it is not about TLS.
    static func tlsCause(_ detail: String, url: URL?) -> Cause? {
        let text = detail.lowercased()
        if let problem = after("ssl certificate problem: ", in: detail) {
            let reason = problem.lowercased()
            if reason.contains("in certificate chain") { return .untrustedRoot }
            if reason.contains("self-signed") || reason.contains("self signed") { return .selfSignedCertificate }
            if reason.contains("issuer certificate") || reason.contains("verify the first certificate") { return .unknownIssuer }
            if reason.contains("has expired") { return .expiredCertificate }
            if reason.contains("not yet valid") { return .certificateNotYetValid }
            return .certificateRejected(problem)
        }
        // "SSL: no alternative certificate subject name matches target host name 'x'", or
        // "SSL: certificate subject name 'y' does not match target host name 'x'".
        if text.hasPrefix("ssl: ") && text.contains("target host name") {
            let host = after("target host name '", in: detail).map { String($0.prefix { $0 != "'" }) }
            return .hostNameMismatch(host: host ?? url?.host ?? "?")
        }
        guard text.contains("ssl") || text.contains("tls") else { return nil }
        if text.contains("wrong version number") || text.contains("http request") { return .notTLS }
        if text.contains("alert certificate required") { return .clientCertificateRequired }
        return .handshakeFailed(openSSLReason(detail))
    }

    /// "sslv3 alert handshake failure" out of "OpenSSL/3.0.19: error:0A000410:SSL routines::sslv3 alert handshake failure".
    static func openSSLReason(_ detail: String) -> String {
        var reason = detail
        if let range = reason.range(of: "::", options: .backwards) { reason = String(reason[range.upperBound...]) }
        if let range = reason.range(of: ", errno ") { reason = String(reason[..<range.lowerBound]) }
        return reason.isEmpty ? detail : reason
    }

    /// What follows `prefix` (matched without regard to case) in `text`, or nil.
    private static func after(_ prefix: String, in text: String) -> String? {
        guard let range = text.range(of: prefix, options: .caseInsensitive) else { return nil }
        let rest = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}

extension WorkbenchError {
    /// The one-line error for a task that ended with `error`: a timeout, a cancellation, or a
    /// named transport failure.
    public static func transport(_ error: any Error, url: String, timeout: Double) -> WorkbenchError {
        switch (error as? URLError)?.code {
        case .timedOut?: .timedOut(seconds: timeout, url: url)
        case .cancelled?: .cancelled
        default: .transportFailure(TransportFailure(error), url: url)
        }
    }
}
