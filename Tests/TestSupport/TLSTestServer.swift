import Foundation

/// `openssl s_server` on 127.0.0.1 and a port of its choosing, answering each request with a page.
///
/// `options` shape the handshake (`-cert_chain`, `-Verify 1`, `-tls1_2 -cipher …`).
public final class TLSTestServer {
    public let port: Int
    private let process: Process

    public init(certificate: String, key: String, options: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www"] + options
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // It prints "ACCEPT 127.0.0.1:PORT" once it listens.
        var text = ""
        while !text.contains("\n") || !text.contains("ACCEPT") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw ToolFailure(command: "openssl " + (process.arguments ?? []).joined(separator: " "), output: text)
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first { $0.hasPrefix("ACCEPT") } ?? ""
        guard let port = line.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw ToolFailure(command: "openssl s_server", output: text)
        }
        self.port = port
    }

    public var url: String { "https://127.0.0.1:\(port)/" }

    public func stop() {
        // SIGKILL: a child of the test runner may inherit SIGTERM ignored (seen here: terminate() hung).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { stop() }
    }
}

/// Running a program as if a CA were installed in the system store, without touching the machine.
///
/// libcurl (hence URLSession on Linux) reads the system bundle at `bundlePath`; inside a private
/// user and mount namespace (`unshare -rm`) a bundle with the test CA is bind-mounted over it.
public enum SystemTrust {
    public static let bundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// Whether this machine lets an unprivileged process make the namespaces.
    public static let isAvailable: Bool = {
        guard FileManager.default.fileExists(atPath: bundlePath) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "/bin/sh", "-c", "mount --bind \(bundlePath) \(bundlePath)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The executable and arguments that run `program arguments…` with `bundle` as the system store.
    public static func command(_ program: String, _ arguments: [String] = [], trusting bundle: String) -> (String, [String]) {
        let quoted = ([program] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return ("/usr/bin/unshare", ["-rm", "/bin/sh", "-c",
                                     "mount --bind '\(bundle)' \(bundlePath) && exec \(quoted.joined(separator: " "))"])
    }
}
