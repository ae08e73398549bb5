import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with Foundation's URLSession, one session and delegate for its lifetime.
public final class Transport: Sendable {
    private let session: URLSession
    private let delegate: TransportDelegate

    public init() {
        delegate = TransportDelegate()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: PacedDelegateQueue())
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Starts `request`; wait with `finished()`, stop with `cancel(_:)`.
    public func start(_ request: URLRequest, options: TransportOptions) -> InFlightRequest {
        var request = request
        request.timeoutInterval = options.timeout
        let inFlight = InFlightRequest(options: options)
        let task = session.dataTask(with: request)
        delegate.register(inFlight, for: task)
        inFlight.attach(task)
        task.resume()
        return inFlight
    }
}
