import Foundation
import SandboxTestSupport
import TestSupport
import Testing

@testable import WorkbenchKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// libcurl's messages (as URLSession on Linux passes them on) read into causes.
@Suite struct TransportFailureTests {
    /// An error shaped as Foundation makes it: the URLError code, libcurl's message as its description.
    static func foundationError(_ code: Int, _ message: String) -> NSError {
        NSError(domain: NSURLErrorDomain, code: code, userInfo: [
            NSLocalizedDescriptionKey: message,
            NSUnderlyingErrorKey: NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message]),
            NSURLErrorFailingURLErrorKey: URL(string: "https://127.0.0.1:8443/x")!,
        ])
    }

    // The messages are libcurl 7.88.1's with OpenSSL 3.0, as seen on Debian 12 (TLSFailureTests
    // meets most of them live; the rest have no local server that produces them).
    @Test(arguments: [
        (-1, "SSL certificate problem: self-signed certificate", TransportFailure.Cause.selfSignedCertificate),
        (-1, "SSL certificate problem: self signed certificate", .selfSignedCertificate),
        (-1, "SSL certificate problem: self-signed certificate in certificate chain", .untrustedRoot),
        (-1, "SSL certificate problem: unable to get local issuer certificate", .unknownIssuer),
        (-1, "SSL certificate problem: unable to verify the first certificate", .unknownIssuer),
        (-1, "SSL certificate problem: certificate has expired", .expiredCertificate),
        (-1, "SSL certificate problem: certificate is not yet valid", .certificateNotYetValid),
        (-1, "SSL certificate problem: certificate revoked", .certificateRejected("certificate revoked")),
        (-1, "SSL: no alternative certificate subject name matches target host name '127.0.0.1'", .hostNameMismatch(host: "127.0.0.1")),
        (-1, "SSL: certificate subject name 'other.example' does not match target host name 'api.local'", .hostNameMismatch(host: "api.local")),
        (-1, "OpenSSL SSL_read: OpenSSL/3.0.19: error:0A00045C:SSL routines::tlsv13 alert certificate required, errno 0", .clientCertificateRequired),
        (-1, "OpenSSL/3.0.19: error:0A000410:SSL routines::sslv3 alert handshake failure", .handshakeFailed("sslv3 alert handshake failure")),
        (-1, "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number", .notTLS),
        (-1, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443 ", .handshakeFailed("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443")),
        (-1003, "Could not resolve host: nosuch.invalid", .hostNotFound(host: "nosuch.invalid")),
        (-1004, "Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server", .connectionRefused),
        (-1005, "Recv failure: Connection reset by peer", .connectionReset),
        (-1005, "", .other("the connection was lost")),
        (-1011, "Empty reply from server", .emptyReply),
        (-1007, "too many HTTP redirects", .tooManyRedirects),
        (-1, "Out of memory", .headersTooLarge),
        (-1, "Weird server reply", .other("Weird server reply")),
        (-1002, "Received HTTP/0.9 when not allowed", .notHTTP),
        (-1, "transfer closed with 50 bytes remaining to read", .bodyCutShort(missing: 50)),
        (-1002, "Protocol \"ftp\" not supported or disabled in libcurl", .unsupportedScheme("ftp")),
    ])
    func causeOf(code: Int, message: String, cause: TransportFailure.Cause) {
        let failure = TransportFailure(Self.foundationError(code, message))
        #expect(failure.cause == cause)
        #expect(failure.code == code)
        #expect(!failure.words.contains("URL error"))
    }

    @Test func timeoutsAndCancellationsKeepTheirOwnErrors() {
        #expect(WorkbenchError.transport(URLError(.timedOut), url: "http://h/", timeout: 2) == .timedOut(seconds: 2, url: "http://h/"))
        #expect(WorkbenchError.transport(URLError(.cancelled), url: "http://h/", timeout: 2) == .cancelled)
    }
}

/// Failures below TLS, met live: DNS, a reset, a redirect loop.
@MainActor
@Suite struct TransportFailureLiveTests {
    let console = capturedConsole()

    func failure(of body: @MainActor () async throws -> Void) async -> TransportFailure? {
        do {
            try await body()
        } catch let error as WorkbenchError {
            if case .transportFailure(let failure, _) = error { return failure }
            Issue.record("expected a transport failure, got \(error)")
        } catch {
            Issue.record("expected a WorkbenchError, got \(error)")
        }
        return nil
    }

    @Test func anUnknownHostIsNotFound() async {
        // .invalid never resolves (RFC 6761); a resolver says so at once, with or without a network.
        let wb = Workbench(console: console)
        let failure = await failure { try await wb.get("https://nosuch.invalid/x") }
        #expect(failure?.cause == .hostNotFound(host: "nosuch.invalid"))
    }

    @Test func aServerThatResetsTheConnectionIsNamed() async throws {
        let server = try ScriptedServer(.reset)
        let wb = Workbench(console: console)
        let failure = await failure { try await wb.get("http://127.0.0.1:\(server.port)/x") }
        #expect(failure?.cause == .connectionReset)
    }

    @Test func aRedirectLoopIsTooManyRedirects() async throws {
        try await withLiveSandbox { root in
            let wb = Workbench(console: console)
            wb.sandboxURL = root
            try wb.base("sandbox/httpbin")
            // Time enough for 20 hops in a full run on 2 cores, where the in-process sandbox and the
            // test's actor share them with every other suite (30 s ran out twice in CI).
            wb.options.timeout = 300
            // URLSession on Linux gives up after 20.
            let failure = await failure { try await wb.get("/redirect/25") }
            #expect(failure?.cause == .tooManyRedirects)
        }
    }
}
