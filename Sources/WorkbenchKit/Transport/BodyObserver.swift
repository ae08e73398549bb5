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
