import Foundation

/// URLSession's delegate queue, with a bound on the events waiting in it.
///
/// On Linux, URLSession hands each decoded chunk of a body to the delegate queue and goes on
/// reading without waiting; libcurl inflates a compressed body faster than the delegate consumes
/// it, so a 1 MB gzip bomb queued a gigabyte of chunks before any size check could stop it (a
/// cancel waits for the same busy work queue). Here `addOperation` blocks URLSession's thread
/// while `limit` events are waiting, so what is in memory stays near the body kept.
///
/// Nothing run on this queue may wait for URLSession's own work queue (as `URLSessionTask.cancel()`
/// does): that thread may be the one blocked here. Cancels go through `InFlightRequest.cancel`,
/// which calls it from another thread.
///
/// The events run in order on a serial dispatch queue rather than as `Operation`s: URLSession
/// hands its delegate queue closures only (`addOperation(_:)`), and Foundation's operation
/// machinery (an `Operation` per event, its state changes and locks) cost more than the delegate's
/// own work for a small response (Benchmarks/README.md, figure 2).
final class PacedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let events = DispatchQueue(label: "Workbench transport events")

    init(limit: Int = 32) {
        slots = DispatchSemaphore(value: limit)
        super.init()
        maxConcurrentOperationCount = 1
        name = "Workbench transport events"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        slots.wait()
        events.async { [slots] in
            block()
            slots.signal()
        }
    }
}
