import Foundation

/// Certificates for TLS tests, made at test time with the `openssl` tool (`make deps` installs it).
///
/// A test CA, a leaf it signs for 127.0.0.1, one for another host name, one already expired, and a
/// self-signed certificate; all P-256 keys, which openssl makes in milliseconds.
public struct TestCertificates {
    public let directory: URL

    public var caCertificate: String { path("ca.crt") }
    public var leafKey: String { path("leaf.key") }
    public var leaf: String { path("leaf.crt") }
    public var otherHostLeaf: String { path("other-host.crt") }
    public var expiredLeaf: String { path("expired.crt") }
    public var selfSignedKey: String { path("self.key") }
    public var selfSigned: String { path("self.crt") }

    public init(in directory: URL) throws {
        self.directory = directory
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try openssl(["req", "-x509"] + ec + ["-keyout", path("ca.key"), "-out", caCertificate,
                                             "-days", "2", "-subj", "/CN=Workbench Test CA"])
        try openssl(["req", "-x509"] + ec + ["-keyout", selfSignedKey, "-out", selfSigned, "-days", "2",
                                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        try openssl(["req"] + ec + ["-keyout", leafKey, "-out", path("leaf.csr"), "-subj", "/CN=127.0.0.1"])
        try sign(leaf, names: "IP:127.0.0.1,DNS:localhost", days: "2")
        try sign(otherHostLeaf, names: "DNS:other.example", days: "2")
        // A negative validity ends before it starts: openssl 3.0's `x509` has no -not_after.
        try sign(expiredLeaf, names: "IP:127.0.0.1", days: "-1")
    }

    /// The system's CA bundle with the test CA added: what `update-ca-certificates` would make.
    public func systemBundleTrustingTestCA() throws -> String {
        let system = try Data(contentsOf: URL(fileURLWithPath: SystemTrust.bundlePath))
        let bundle = path("bundle-with-test-ca.pem")
        try (system + Data("\n".utf8) + Data(contentsOf: URL(fileURLWithPath: caCertificate)))
            .write(to: URL(fileURLWithPath: bundle))
        return bundle
    }

    private func sign(_ certificate: String, names: String, days: String) throws {
        let extensions = path(URL(fileURLWithPath: certificate).lastPathComponent + ".ext")
        try Data("subjectAltName=\(names)\n".utf8).write(to: URL(fileURLWithPath: extensions))
        try openssl(["x509", "-req", "-in", path("leaf.csr"), "-CA", caCertificate, "-CAkey", path("ca.key"),
                     "-CAcreateserial", "-out", certificate, "-days", days, "-extfile", extensions])
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(command: "openssl " + arguments.joined(separator: " "), output: String(decoding: message, as: UTF8.self))
        }
    }
}

/// A helper program failed.
public struct ToolFailure: Error, CustomStringConvertible {
    public let command: String
    public let output: String
    public var description: String { "`\(command)` failed: \(output)" }
}
