import Foundation
import SandboxTestSupport
import TestSupport
import Testing

/// Each TLS failure against a local `openssl s_server`, as the user sees it: one error line that
/// names the cause (curl's words), never "URL error -1".
@Suite(.serialized) struct TLSFailureTests {
    /// A server set up for one failure, and the words its error line must contain.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let server: @Sendable (TestCertificates) throws -> TLSTestServer
        let expected: String
        var testDescription: String { name }
    }

    static let untrusted: [Case] = [
        Case(name: "self-signed", server: { try TLSTestServer(certificate: $0.selfSigned, key: $0.selfSignedKey) },
             expected: "TLS: the server's certificate is self-signed, so not trusted — to trust it, copy the certificate to /usr/local/share/ca-certificates/"),
        Case(name: "unknown issuer", server: { try TLSTestServer(certificate: $0.leaf, key: $0.leafKey) },
             expected: "TLS: the server's certificate is signed by an unknown authority — to trust it, copy the CA's certificate to"),
        Case(name: "untrusted root in the chain",
             server: { try TLSTestServer(certificate: $0.leaf, key: $0.leafKey, options: ["-cert_chain", $0.caCertificate]) },
             expected: "TLS: the server's certificate chain ends in an untrusted self-signed root — to trust it"),
        Case(name: "no cipher in common",
             server: { try TLSTestServer(certificate: $0.leaf, key: $0.leafKey, options: ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"]) },
             expected: "TLS handshake failed (sslv3 alert handshake failure) — this machine and the server share no TLS version or cipher"),
    ]

    /// Failures that show only once the chain is trusted (OpenSSL stops at the first problem).
    static let trusted: [Case] = [
        Case(name: "expired", server: { try TLSTestServer(certificate: $0.expiredLeaf, key: $0.leafKey) },
             expected: "TLS: the server's certificate has expired — the server must renew it"),
        Case(name: "host name mismatch", server: { try TLSTestServer(certificate: $0.otherHostLeaf, key: $0.leafKey) },
             expected: "TLS: the server's certificate is not for '127.0.0.1' — use a host name the certificate names"),
        Case(name: "client certificate required",
             server: { try TLSTestServer(certificate: $0.leaf, key: $0.leafKey, options: ["-Verify", "1"]) },
             expected: "TLS: the server asks for a client certificate — Workbench cannot send one"),
    ]

    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    /// `get URL` in a piped session; the lines it printed.
    func lines(getting url: String, trusting bundle: String? = nil, home: TemporaryDirectory) async throws -> [String] {
        let workbench = try Binaries.workbench
        let (program, arguments) = bundle.map { SystemTrust.command(workbench, trusting: $0) } ?? (workbench, [])
        let run = try await PipedRun.run(program, arguments, input: "get \(url)\n", environment: isolatedEnvironment(home: home.url))
        return (run.output + run.errorOutput).split(separator: "\n").map(String.init)
    }

    func check(_ testCase: Case, trusted: Bool) async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let certificates = try TestCertificates(in: home.url)
        let server = try testCase.server(certificates)
        defer { server.stop() }
        let bundle = trusted ? try certificates.systemBundleTrustingTestCA() : nil
        let lines = try await lines(getting: server.url, trusting: bundle, home: home)
        #expect(lines.count == 1, "\(lines)")
        let line = lines.first ?? ""
        #expect(line.hasPrefix("error: request to \(server.url) failed: \(testCase.expected)"), "\(line)")
        #expect(!line.contains("URL error"))
    }

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl (make deps installs it)"), arguments: untrusted)
    func anUntrustedServerSaysWhy(_ testCase: Case) async throws {
        try await check(testCase, trusted: false)
    }

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl (make deps installs it)"),
          .enabled(if: SystemTrust.isAvailable, "needs `unshare -rm` (user namespaces) to trust a test CA without touching the system store"),
          arguments: trusted)
    func aTrustedServerWithABadCertificateSaysWhy(_ testCase: Case) async throws {
        try await check(testCase, trusted: true)
    }

    /// What the README and the error's hint advise: a CA in the system store is trusted.
    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl (make deps installs it)"),
          .enabled(if: SystemTrust.isAvailable, "needs `unshare -rm` (user namespaces) to trust a test CA without touching the system store"))
    func aCAInTheSystemStoreIsTrusted() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let certificates = try TestCertificates(in: home.url)
        let server = try TLSTestServer(certificate: certificates.leaf, key: certificates.leafKey)
        defer { server.stop() }
        let lines = try await lines(getting: server.url, trusting: try certificates.systemBundleTrustingTestCA(), home: home)
        #expect(lines.first?.hasPrefix("HTTP 200") == true, "\(lines.prefix(3))")
    }

    /// Neither variable curl's tools read makes URLSession trust a CA (docs/prompt.md says so).
    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl (make deps installs it)"),
          arguments: ["SSL_CERT_FILE", "CURL_CA_BUNDLE", "URLSessionCertificateAuthorityInfoFile"])
    func environmentVariablesDoNotAddTrust(_ variable: String) async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let certificates = try TestCertificates(in: home.url)
        let server = try TLSTestServer(certificate: certificates.leaf, key: certificates.leafKey)
        defer { server.stop() }
        let run = try await PipedRun.run(
            try Binaries.workbench, input: "get \(server.url)\n",
            environment: isolatedEnvironment(home: home.url, extra: [variable: try certificates.systemBundleTrustingTestCA()]))
        #expect(run.output.contains("signed by an unknown authority"), "\(run.output)")
    }

    @Test(.enabled(if: hasOpenSSL, "needs /usr/bin/openssl (make deps installs it)"))
    func plainHTTPToATLSPortIsAnEmptyReply() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let certificates = try TestCertificates(in: home.url)
        let server = try TLSTestServer(certificate: certificates.selfSigned, key: certificates.selfSignedKey)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let lines = try await lines(getting: url, home: home)
        #expect(lines == ["error: request to \(url) failed: the server closed the connection without answering — if the server speaks TLS on that port, use https:// instead of http://"])
    }

    @Test func httpsToAPlainHTTPServerIsNotTLS() async throws {
        try await LiveSandbox.with { base in
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let url = "https://127.0.0.1:\(base.port ?? 0)/"
            let lines = try await lines(getting: url, home: home)
            #expect(lines == ["error: request to \(url) failed: the server did not answer in TLS — if it serves plain HTTP, use http:// instead of https://"])
        }
    }
}
