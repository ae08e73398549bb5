/// What the transport does with each request: how long to wait, redirects, how much to read.
public struct TransportOptions: Sendable, Equatable {
    /// Seconds the whole request may take; also URLSession's idle timeout.
    public var timeout: Double = 30
    /// Whether 3xx redirects are followed (`set redirects on|off`).
    public var followRedirects = true
    /// Bytes of response body kept, after decompression, before the request is stopped
    /// (`set max-body`); also the largest file `json @FILE` and `body @FILE` read.
    public var maxResponseBytes = TransportOptions.defaultMaxResponseBytes

    public static let defaultMaxResponseBytes = 256 * 1024 * 1024

    public init(timeout: Double = 30, followRedirects: Bool = true, maxResponseBytes: Int = TransportOptions.defaultMaxResponseBytes) {
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxResponseBytes = maxResponseBytes
    }
}

/// Why the transport stopped a request itself.
public enum CancelReason: Sendable, Equatable {
    case interrupted
    /// Ctrl-C while a body was shown as it arrived: the request ends and what arrived is kept.
    case stopped
    case deadline
    /// Over the size cap: announced by `Content-Length` (refused before reading) or counted as read.
    case tooLarge(declaredBytes: Int?)
}
