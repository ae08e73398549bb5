import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request on the wire: its URLSession task, what has arrived so far, and how it ended.
///
/// Cancelled with `cancel(_:)`, which calls `URLSessionTask.cancel()` — never through Swift task
/// cancellation, which deadlocks `data(for:)` on Swift 6.3.1 (docs/ARCHITECTURE.md, "URLSession on Linux").
public final class InFlightRequest: @unchecked Sendable {
    /// How the request ended, as the delegate saw it.
    public struct Outcome: Sendable {
        public var response: HTTPURLResponse?
        public var data: Data
        public var error: (any Error)?
        public var cancelReason: CancelReason?
        /// The 401 a cancelled authentication challenge carried.
        public var authFailureResponse: HTTPURLResponse?
        public var started: ContinuousClock.Instant
        public var headersReceived: ContinuousClock.Instant?
        public var finished: ContinuousClock.Instant
    }

    let followRedirects: Bool
    /// The jar whose cookies each redirect sends (nil when the request brought its own `Cookie`).
    let sendsCookies: CookieJar?
    /// The jar every response's `Set-Cookie` goes into.
    let storesCookies: CookieJar?
    let maxResponseBytes: Int
    /// What is shown or parsed while the body arrives (a stream's display, `wb.events`).
    let observer: (any BodyObserver)?
    let started: ContinuousClock.Instant
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var data = Data()
    private var response: HTTPURLResponse?
    private var headersReceived: ContinuousClock.Instant?
    private var authFailureResponse: HTTPURLResponse?
    private var cancelReason: CancelReason?
    private var outcome: Outcome?
    private var waiters: [CheckedContinuation<Outcome, Never>] = []

    init(options: TransportOptions, cookies: CookieJar? = nil, storesCookies: CookieJar? = nil, observer: (any BodyObserver)? = nil) {
        self.observer = observer
        followRedirects = options.followRedirects
        sendsCookies = cookies
        self.storesCookies = storesCookies
        maxResponseBytes = options.maxResponseBytes
        started = .now
    }

    func attach(_ task: URLSessionTask) { lock.withLock { self.task = task } }

    /// Stops the request; the first reason given is the one reported. Returns at once:
    /// `URLSessionTask.cancel()` waits for URLSession's work queue, which may be inflating a body
    /// for seconds, and must never run on the delegate queue (`PacedDelegateQueue`).
    public func cancel(_ reason: CancelReason) {
        let task: URLSessionTask? = lock.withLock {
            guard outcome == nil else { return nil }
            if cancelReason == nil { cancelReason = reason }
            return self.task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    public var isFinished: Bool { lock.withLock { outcome != nil } }

    /// Waits for the delegate to report the end of the task (which `cancel` always brings).
    ///
    /// It runs on the caller's actor (`isolation`), so the delegate's resume goes straight back to
    /// the caller: a `wb.get` on the main actor does not hop through a thread of the global pool.
    public func finished(isolation: isolated (any Actor)? = #isolation) async -> Outcome {
        await withCheckedContinuation(isolation: isolation) { continuation in
            let ready: Outcome? = lock.withLock {
                if let outcome { return outcome }
                waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    // MARK: Delegate events

    /// The head of the response; a `Content-Length` over the size cap stops the request before
    /// any of its body is kept.
    func received(_ response: URLResponse) {
        let declared = response.expectedContentLength
        if let response = response as? HTTPURLResponse { storesCookies?.store(from: response) }
        let refused: Bool = lock.withLock {
            self.response = response as? HTTPURLResponse
            headersReceived = .now
            return declared > maxResponseBytes
        }
        if refused {
            cancel(.tooLarge(declaredBytes: Int(declared)))
        } else if let response = response as? HTTPURLResponse {
            observer?.responseArrived(response)
        }
    }

    /// Keeps body bytes up to the size cap (counted after decompression). Past it the request is
    /// stopped, nothing more is kept and what was kept is let go: the cancel takes effect only when
    /// libcurl has inflated what it already read, which for a gzip bomb is up to a gigabyte.
    func received(_ chunk: Data) {
        var observing = false
        let passedCap: Bool = lock.withLock {
            if cancelReason != nil { return false }
            if data.count + chunk.count > maxResponseBytes {
                data = Data()
                return true
            }
            data.append(chunk)
            observing = observer != nil
            return false
        }
        if passedCap {
            cancel(.tooLarge(declaredBytes: nil))
        } else if observing {
            observer?.bodyArrived(chunk)
        }
    }

    func challengeFailed(_ response: URLResponse?) {
        lock.withLock { authFailureResponse = response as? HTTPURLResponse }
    }

    func completed(_ error: (any Error)?) {
        let now = ContinuousClock.now
        let (result, waiting): (Outcome, [CheckedContinuation<Outcome, Never>]) = lock.withLock {
            let result = Outcome(
                response: response, data: data, error: error, cancelReason: cancelReason,
                authFailureResponse: authFailureResponse, started: started,
                headersReceived: headersReceived, finished: now)
            outcome = result
            defer { waiters = [] }
            return (result, waiters)
        }
        for waiter in waiting { waiter.resume(returning: result) }
    }
}
