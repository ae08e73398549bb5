import Foundation

/// A send that brought no response (the transport failed, it timed out, Ctrl-C cancelled it):
/// `history` lists it in its place among the exchanges, marked.
public struct FailedSend: Sendable, Equatable {
    public let method: String
    public let url: URL
    public let error: WorkbenchError
    /// How many exchanges came before it.
    public let after: Int

    /// The few words `history` shows: what happened, without the advice the error line gives.
    public var words: String {
        switch error {
        case .cancelled: "cancelled"
        case .timedOut(let seconds, _): "timed out after \(WorkbenchError.seconds(seconds))"
        case .transportFailure(let failure, _): "failed: \(failure.words)"
        case .responseTooLarge(let limit, _, _): "stopped: larger than \(ByteSize.text(limit))"
        default: "failed: \(error)"
        }
    }
}
