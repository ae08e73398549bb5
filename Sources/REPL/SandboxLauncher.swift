import Foundation
import Sandbox

/// Starts the embedded sandbox without making the prompt wait for it.
///
/// The port is chosen first with a plain socket (microseconds), so the banner can show the URL
/// at once; the server itself starts in the background and the first input waits for it.
enum SandboxLauncher {
    /// A port the system reports free on `host`, or nil.
    static func reservePort(host: String = "127.0.0.1") -> Int? {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return nil }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        guard named == 0 else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Reserves the sandbox's port for `session`, so its URL is known at once, and starts the server
    /// now (`deferred` false) or with the first input that is not `quit` (`Session.evaluate`).
    ///
    /// At a terminal it starts now, off the main actor, which sits blocked in libedit while the
    /// user types: the sandbox must answer (curl, a browser) before the first input is entered.
    /// With piped input nobody can reach it before the first line, and a script that only quits
    /// never pays for it (Benchmarks/RESULTS.md, figure 1).
    @MainActor
    static func launch(for session: Session, deferred: Bool) {
        let port = reservePort() ?? 0
        if port != 0 { session.sandboxURL = URL(string: "http://127.0.0.1:\(port)") }
        if deferred {
            session.deferredSandboxStart = { start(for: session, port: port) }
        } else {
            start(for: session, port: port)
        }
    }

    @MainActor
    private static func start(for session: Session, port: Int) {
        let starting = Task.detached { () -> Result<Sandbox, any Error> in
            do {
                return .success(try await Sandbox.start(port: port))
            } catch where port != 0 {
                // Someone took the port in the meantime: any free one will do.
                return await Result(catching: { try await Sandbox.start(port: 0) })
            } catch {
                return .failure(error)
            }
        }
        session.sandboxStartup = Task { @MainActor in
            switch await starting.value {
            case .success(let sandbox):
                if session.sandboxURL != nil && session.sandboxURL != sandbox.baseURL {
                    session.console.line("sandbox moved to \(sandbox.baseURL.absoluteString)")
                }
                session.sandbox = sandbox
                session.sandboxURL = sandbox.baseURL
            case .failure(let error):
                session.sandboxURL = nil
                session.console.line(session.console.styled("warning:", .yellow)
                    + " the sandbox could not start (\(error)); real APIs still work")
            }
            session.sandboxStartup = nil
        }
    }
}

private extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
