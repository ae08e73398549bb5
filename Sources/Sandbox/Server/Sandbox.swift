import Foundation
import Hummingbird
import HummingbirdCore

/// The embedded API server: the tutorials' APIs served on loopback from their real datasets.
///
/// Starting it does no dataset work; each dataset is read on its first request.
public final class Sandbox: Sendable {
    /// The address the server is bound to, as the socket reports it (e.g. `127.0.0.1`).
    public let host: String
    /// The port the server listens on (the one the system chose when asked for port 0).
    public let port: Int
    /// Where the sandbox answers, e.g. `http://127.0.0.1:49731`.
    public let baseURL: URL
    private let serverTask: Task<Void, any Error>

    private init(host: String, port: Int, serverTask: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.serverTask = serverTask
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        self.baseURL = URL(string: "http://\(authority)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts serving on `host:port` (port 0 = ephemeral) and returns once the socket listens.
    public static func start(host: String = "127.0.0.1", port: Int = 0) async throws -> Sandbox {
        guard (0...65535).contains(port) else { throw SandboxError.invalidPort(port) }
        let (listening, listeningContinuation) = AsyncThrowingStream<(host: String, port: Int), any Error>.makeStream()
        var application = Application(
            responder: SandboxResponder(),
            server: HTTPServerBuilder { responder in SandboxChannel(http: HTTP1Channel(responder: responder)) },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let address = channel.localAddress
                listeningContinuation.yield((address?.ipAddress ?? host, address?.port ?? port))
                listeningContinuation.finish()
            }
        )
        // Hummingbird logs at info level ("Server started …"); the REPL's terminal is not its log.
        application.logger.logLevel = .critical
        let serverTask = Task {
            do {
                try await application.run()
                listeningContinuation.finish()
            } catch {
                listeningContinuation.finish(throwing: error)
                throw error
            }
        }
        do {
            var iterator = listening.makeAsyncIterator()
            guard let bound = try await iterator.next() else { throw SandboxError.stoppedBeforeListening }
            return Sandbox(host: bound.host, port: bound.port, serverTask: serverTask)
        } catch {
            serverTask.cancel()
            throw SandboxError.cannotListen(host: host, port: port, reason: "\(error)")
        }
    }

    /// Where an API of the catalog answers: `url(forAPI: "jsonplaceholder")` is `http://127.0.0.1:49731/jsonplaceholder`.
    public func url(forAPI name: String) -> URL? {
        SandboxCatalog.api(named: name).flatMap { URL(string: baseURL.absoluteString + $0.prefix) }
    }

    /// Reads and indexes every dataset now, instead of on each API's first request.
    ///
    /// Not needed for correct answers; for callers that want even first requests fast (benchmarks).
    /// Returns the problems found, one line each (empty when every dataset reads).
    @discardableResult
    public static func loadDatasets() -> [String] {
        var problems: [String] = []
        do {
            let placeholder = try JSONPlaceholderData.shared.get()
            for name in placeholder.resourceNames { _ = try placeholder.records(name) }
        } catch {
            problems.append(error.description)
        }
        let results: [Result<Void, SandboxDataError>] = [
            RestCountriesData.v2.map { _ in () }, RestCountriesData.v31.map { _ in () },
            JokeData.shared.map { _ in () }, MetData.shared.map { _ in () },
        ]
        for case .failure(let error) in results { problems.append(error.description) }
        return problems
    }

    /// Stops accepting connections and returns when the server has shut down.
    public func stop() async {
        serverTask.cancel()
        _ = await serverTask.result
    }

    /// Returns when the server stops (after `stop()`, or when it fails); throws its failure.
    public func waitUntilStopped() async throws {
        do {
            try await serverTask.value
        } catch is CancellationError {
            return
        }
    }
}

/// Why the sandbox could not start.
public enum SandboxError: Error, Equatable, CustomStringConvertible {
    case invalidPort(Int)
    case cannotListen(host: String, port: Int, reason: String)
    case stoppedBeforeListening

    public var description: String {
        switch self {
        case .invalidPort(let port): "sandbox port '\(port)' is not between 0 and 65535"
        case .cannotListen(let host, let port, let reason): "sandbox cannot listen on \(host):\(port): \(reason)"
        case .stoppedBeforeListening: "sandbox stopped before it was listening"
        }
    }
}
