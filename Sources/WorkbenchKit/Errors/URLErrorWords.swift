import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain words for URLError codes, since Foundation on Linux says only "NSURLErrorDomain error -1001".
public enum URLErrorWords {
    public static func words(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "could not connect (connection refused)"
        case .cannotFindHost: "host not found"
        case .dnsLookupFailed: "DNS lookup failed"
        case .notConnectedToInternet: "not connected to a network"
        case .networkConnectionLost: "the connection was lost"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .badURL: "bad URL"
        case .unsupportedURL: "unsupported URL"
        case .badServerResponse: "the server's response was not valid HTTP"
        case .zeroByteResource: "the server sent an empty response"
        case .httpTooManyRedirects: "too many redirects"
        case .redirectToNonExistentLocation: "redirected to a missing location"
        case .resourceUnavailable: "resource unavailable"
        case .cannotDecodeRawData, .cannotDecodeContentData: "could not decode the response body"
        case .cannotParseResponse: "could not parse the response"
        case .dataLengthExceedsMaximum: "the response is too long"
        case .userAuthenticationRequired: "authentication required"
        case .userCancelledAuthentication: "authentication cancelled"
        case .secureConnectionFailed: "the TLS connection failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot:
            "the server's TLS certificate is not trusted"
        case .clientCertificateRejected, .clientCertificateRequired: "the server wants a client certificate"
        case .appTransportSecurityRequiresSecureConnection: "a secure connection is required"
        case .cannotLoadFromNetwork: "cannot load from the network"
        case .fileDoesNotExist: "file does not exist"
        default: "URL error \(code.rawValue)"
        }
    }
}
