/// Stands between every `Workbench` of a process and the network, when one is installed
/// (`Workbench.exchangeRelay`): the prompt's compiled path answers the sends of earlier inputs
/// from their recording while it runs them again, and hears of every send of the new input.
@MainActor
public protocol ExchangeRelay: AnyObject {
    /// While true, sends are answered by `nextRecorded()` and their results are not shown.
    var isReplaying: Bool { get }
    /// The recorded outcome of the next send: its exchange, or the error it threw.
    func nextRecorded(for url: URL) throws(WorkbenchError) -> Exchange
    /// A send went over the network: the exchange, or the error it threw.
    func finished(_ outcome: Result<Exchange, WorkbenchError>)
    /// Whether recorded answers are shown as a send's are (`export markdown` shows what each
    /// statement printed); false by default: a replay is quiet.
    var showsAnswers: Bool { get }
    /// While replaying, the private copy (`DocumentRead.copy`) the first run of the next
    /// `json(file: path)` read the file through, if it was recorded; nil reads the file.
    func recordedDocument(path: String) -> String?
}

extension ExchangeRelay {
    public var showsAnswers: Bool { false }
    public func recordedDocument(path: String) -> String? { nil }
}

import Foundation
