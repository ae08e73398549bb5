import Foundation
import WorkbenchKit

/// Answers a checked snippet's requests (`save`'s check) with the exchanges of the session step
/// each statement was written from, so a statement that fails, or sends less than it did, leaves
/// the statements after it their own answers. Statements written from one step (the items of one
/// Swift input) share that step's exchanges, in order.
@MainActor
public final class StepAnswers: ExchangeRelay {
    public let isReplaying = true
    /// Set by `export markdown`, whose handout shows each statement's output.
    public var showsAnswers = false
    private var remaining: [Int: ArraySlice<Exchange>]
    private var documents: [Int: ArraySlice<DocumentRead>]
    private let stepOfLine: [Int: Int]
    private var current: Int?

    /// `exchanges` and the documents read through copies (a decoded WebSocket message) by session
    /// step number; `stepOfLine` maps a statement's first line in the snippet to the step it was
    /// written from (lines not in it answer nothing).
    public init(exchanges: [Int: [Exchange]], documents: [Int: [DocumentRead]] = [:], stepOfLine: [Int: Int]) {
        remaining = exchanges.mapValues { $0[...] }
        self.documents = documents.mapValues { $0[...] }
        self.stepOfLine = stepOfLine
    }

    /// The copy the step read for the next read of `path`, in order, as the Swift host's relay
    /// answers: the socket is not opened again to check what it received.
    public func recordedDocument(path: String) -> String? {
        guard let current, let next = documents[current]?.first, next.path == path else { return nil }
        documents[current]?.removeFirst()
        return next.copy
    }

    /// The statement at `line` begins: its sends take its step's next exchanges.
    func begin(line: Int) {
        current = stepOfLine[line]
    }

    /// What is left of the current step's exchanges, taken all at once (the Swift host answers
    /// a compiled statement's sends from them).
    func takeRemaining() -> [Exchange] {
        guard let current else { return [] }
        defer { remaining[current] = [] }
        return Array(remaining[current] ?? [])
    }

    public func nextRecorded(for url: URL) throws(WorkbenchError) -> Exchange {
        guard let current, let next = remaining[current]?.popFirst() else {
            let reason = "not sent: the session made fewer requests at this step"
            throw .transportFailure(TransportFailure(cause: .other(reason), code: 0), url: url.absoluteString)
        }
        return next
    }

    public func finished(_ outcome: Result<Exchange, WorkbenchError>) {}
}
