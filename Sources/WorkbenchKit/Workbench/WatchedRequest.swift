/// A request a `Workbench` is waiting for, as its poller sees it (Workbench+Send.swift).
struct WatchedRequest {
    let inFlight: InFlightRequest
    let display: StreamDisplay?
    /// When the request is cancelled for taking too long (unless its body is being shown).
    let deadline: ContinuousClock.Instant
    /// The spinner's frame, once it shows.
    var frame = 0
    /// When the poller looks at it next.
    var nextLook: ContinuousClock.Instant = .now

    static let spinnerFrames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
}
