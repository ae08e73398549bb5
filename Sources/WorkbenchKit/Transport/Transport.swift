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
        // Cookies are the CookieJar's (below): without a storage, FoundationNetworking still read
        // every header line for cookies it then dropped unless told to accept none, 5% of a
        // 1000-GET replay's time (perf).
        configuration.httpCookieStorage = nil
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: PacedDelegateQueue())
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Starts `request`; wait with `finished()`, stop with `cancel(_:)`. With a `cookies` jar, each
    /// response's `Set-Cookie` goes into it and the request (and each redirect) sends its matching
    /// cookies, unless the request has a `Cookie` header of its own, which is sent as it is.
    public func start(_ request: URLRequest, options: TransportOptions, cookies: CookieJar? = nil) -> InFlightRequest {
        start(request, options: options, cookies: cookies, observer: nil)
    }

    /// As `start(_:options:cookies:)`; `observer` sees the response's head and each piece of its
    /// body as it arrives.
    func start(_ request: URLRequest, options: TransportOptions, cookies: CookieJar? = nil, observer: (any BodyObserver)?) -> InFlightRequest {
        var request = request
        request.timeoutInterval = options.timeout
        let jar = request.value(forHTTPHeaderField: "Cookie") == nil ? cookies : nil
        if let jar, let url = request.url, let header = jar.header(for: url) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
        }
        let inFlight = InFlightRequest(options: options, cookies: jar, storesCookies: cookies, observer: observer)
        let task = session.dataTask(with: request)
        delegate.register(inFlight, for: task)
        inFlight.attach(task)
        observer?.started(inFlight)
        task.resume()
        return inFlight
    }
}
