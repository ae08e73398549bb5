import Foundation
import WorkbenchKit

/// One step of the session's log, as the Swift host catches up on it: its Swift source (a command as
/// its WorkbenchKit statement, with secrets as environment reads) and the requests it made.
public struct LoggedStep: Sendable {
    public let source: String
    /// The input's sends in order, each an exchange or a failure: what answers them when it runs again.
    let recording: [PromptEvent]
    /// The source parsed, when what logged it had parsed it already (an input the host ran).
    private let parsed: ProgramUnit?

    /// A step whose sends were these exchanges (a command's, or none), and whose `json(file:)`s read
    /// `documents` (the host maps the copies they were read through).
    public init(source: String, exchanges: [Exchange] = [], documents: [DocumentRead] = []) {
        self.source = source
        recording = exchanges.map(PromptEvent.exchange) + documents.map(PromptEvent.document)
        parsed = nil
    }

    init(source: String, recording: [PromptEvent], parsed: ProgramUnit? = nil) {
        self.source = source
        self.recording = recording
        self.parsed = parsed
    }

    /// The source parsed into its top-level items: once for an input the host ran, else when the
    /// host first needs it.
    var unit: ProgramUnit { parsed ?? ProgramUnit(source) }

    /// The exchanges the input made, in order.
    public var exchanges: [Exchange] {
        recording.compactMap { if case .exchange(let exchange) = $0 { exchange } else { nil } }
    }
}
