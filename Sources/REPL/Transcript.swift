import Foundation
import WorkbenchKit

/// One step of the session that succeeded, with the requests it made.
public struct SessionStep {
    public enum Kind {
        /// A command's statement, as typed (a `\(…)` in it still unevaluated).
        case statement(WorkbenchStatement)
        /// Swift typed at the prompt (declarations included), as typed.
        case swift(String)
    }

    public var kind: Kind
    /// The exchanges it made, in order: what the compiled path answers its requests with.
    public var exchanges: [Exchange]
    /// The documents it read through a copy (a decoded WebSocket message): what `save`'s check reads.
    public var documents: [DocumentRead] = []
    /// The labels of the values the prompt showed for it (`neighbours.map(\.name)`), whichever
    /// path ran it: `save` prints those expressions. Nil when it was recorded without running.
    public var shownValues: [String]?
    /// How many steps the Swift runner had logged once this one was: where its log is cut when
    /// the session keeps the steps up to this one (`Session.keepFirstSteps`).
    public var loggedThrough = 0

    public init(_ kind: Kind, exchanges: [Exchange] = []) {
        self.kind = kind
        self.exchanges = exchanges
    }
}

/// The steps of this session that succeeded, in order: what `save` writes and what the compiled
/// path replays before a new input.
public struct Transcript {
    public private(set) var steps: [SessionStep] = []

    public init() {}

    public mutating func record(_ step: SessionStep) {
        steps.append(step)
    }

    /// Keeps the first `count` steps: `edit` runs the ones after them again, as they now read.
    public mutating func keepFirst(_ count: Int) {
        steps.removeSubrange(min(count, steps.count)...)
    }

    public mutating func clear() {
        steps.removeAll()
    }
}
