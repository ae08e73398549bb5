import Foundation

/// The `ExchangeRelay` of a compiled input's program: while earlier inputs run again it answers
/// their sends from the recording, in order, and their `json(file:)`s with the copies the REPL read;
/// afterwards it reports every send to the REPL. `save` answers its scratch replay with one too.
@MainActor
public final class PromptRelay: ExchangeRelay {
    public var isReplaying = true
    private let recording: [PromptEvent]
    private var position = 0
    private let documents: [DocumentRead]
    private var documentPosition = 0
    private var results: Int32
    /// Where a reported body of `BinaryWriter.spillBytes` or more is written, for the REPL to map.
    private let spillFolder: URL?

    /// `results` is the file descriptor the records are appended to (-1 reports nothing); large
    /// bodies go to files in `spillFolder` (the session directory).
    init(recording: [PromptEvent], results: Int32, spillFolder: URL? = nil) {
        self.spillFolder = spillFolder
        // Sends and documents are answered in order each, apart: a step's recording lists its
        // exchanges before its documents, whatever order they were made in.
        self.recording = recording.filter { if case .document = $0 { false } else { true } }
        documents = recording.compactMap { if case .document(let read) = $0 { read } else { nil } }
        self.results = results
    }

    public func recordedDocument(path: String) -> String? {
        // A recording without this read (a step logged without it) leaves the file to be read.
        guard documentPosition < documents.count, documents[documentPosition].path == path else { return nil }
        defer { documentPosition += 1 }
        return documents[documentPosition].copy
    }

    public func nextRecorded(for url: URL) throws(WorkbenchError) -> Exchange {
        defer { position += 1 }
        switch position < recording.count ? recording[position] : nil {
        case .exchange(let exchange):
            return exchange
        case .sendFailed(let text):
            throw .transportFailure(TransportFailure(cause: .other(text), code: 0), url: url.absoluteString)
        default:
            // More sends than the first run made (code that depends on time or chance): never send twice.
            let reason = "not sent again: the earlier inputs made fewer requests when they first ran"
            throw .transportFailure(TransportFailure(cause: .other(reason), code: 0), url: url.absoluteString)
        }
    }

    public func finished(_ outcome: Result<Exchange, WorkbenchError>) {
        switch outcome {
        case .success(let exchange): report(.exchange(exchange))
        case .failure(let error): report(.sendFailed(error.description))
        }
    }

    /// Closes the results file (the Swift host opens one per input).
    func close() {
        if results >= 0 { Foundation.close(results) }
        results = -1
    }

    /// Appends one record in a single write, so a program killed later leaves it whole.
    func report(_ event: PromptEvent) {
        guard results >= 0 else { return }
        let bytes = PromptEvent.bytes([event], spillingTo: spillFolder).bytes
        _ = bytes.withUnsafeBytes { writeAll(results, $0) }
    }
}
