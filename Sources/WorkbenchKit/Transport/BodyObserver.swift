import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request's body is handed to as it arrives (on URLSession's delegate queue).
protocol BodyObserver: AnyObject, Sendable {
    /// The request has started (before any of its events): what can stop it.
    func started(_ request: InFlightRequest)
    func responseArrived(_ response: HTTPURLResponse)
    func bodyArrived(_ chunk: Data)
}

extension BodyObserver {
    func started(_ request: InFlightRequest) {}
}

/// Passes a request's events on, but for a 401 carrying a Digest challenge, which the request
/// answers by sending itself again (`digestAnswer`): that response's body is not the one to show
/// as it arrives (`curl -N --digest` shows only the answer's). Unanswered, the 401 is shown whole
/// at the end, as any response that did not stream.
final class DigestChallengeFilter: BodyObserver, @unchecked Sendable {
    private let next: any BodyObserver
    private let lock = NSLock()
    private var isChallenge = false

    init(passingTo next: any BodyObserver) {
        self.next = next
    }

    func started(_ request: InFlightRequest) {
        next.started(request)
    }

    func responseArrived(_ response: HTTPURLResponse) {
        let challenged = response.statusCode == 401
            && (response.value(forHTTPHeaderField: "WWW-Authenticate")?.lowercased().contains("digest") ?? false)
        lock.withLock { isChallenge = challenged }
        if !challenged { next.responseArrived(response) }
    }

    func bodyArrived(_ chunk: Data) {
        guard !lock.withLock({ isChallenge }) else { return }
        next.bodyArrived(chunk)
    }
}
