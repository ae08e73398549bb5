import Foundation
import WorkbenchKit

/// How one call into the Swift host ended, and what it reported.
struct HostRun {
    enum Ending: Equatable {
        /// The entry point returned: 0 when its body ran to its end, 1 when it threw.
        case returned(Int32)
        /// A trap on the host's thread, caught there; `safe` when the host can go on (the input
        /// did not await: a trap inside a task leaves the main queue held).
        case trapped(signal: Int32, safe: Bool)
        /// Ctrl-C stopped the input where its own code ran, and the host went on
        /// (Sources/WorkbenchHost/stopinput.c); `safe` as for a trap.
        case stopped(safe: Bool)
        /// The host could not load the library.
        case load(String)
        /// The host ended (its wait status, when known).
        case died(Int32?)
        case interrupted
        case memory(Int)
        case setup(String)

        init(answer: String, awaits: Bool) {
            let words = answer.split(separator: " ", maxSplits: 1).map(String.init)
            switch (words.first, words.count > 1 ? words[1] : "") {
            case ("ok", let status): self = .returned(Int32(status) ?? 1)
            case ("trap", let signal): self = .trapped(signal: Int32(signal) ?? SIGILL, safe: !awaits)
            case ("stopped", _): self = .stopped(safe: !awaits)
            case (_, let message): self = .load(message)
            }
        }
    }

    var ending: Ending
    var events: [PromptEvent] = []
    /// Standard error while the input ran live, and while it ran quietly.
    var errors = ""
    var quietErrors = ""

    init(ending: Ending) {
        self.ending = ending
    }

    var succeeded: Bool {
        guard case .returned(0) = ending else { return false }
        return events.contains { if case .finished = $0 { true } else { false } }
    }

    /// Whether the host can run the next input (else it is ended and the session rebuilt).
    var hostUsable: Bool {
        switch ending {
        case .returned, .load, .setup: true
        case .trapped(_, let safe), .stopped(let safe): safe
        case .died, .interrupted, .memory: false
        }
    }

    /// The sends the call made, in order: exchanges and failures, what answers them in a rebuild.
    var sends: [PromptEvent] {
        events.filter { event in
            switch event {
            case .exchange, .sendFailed: true
            default: false
            }
        }
    }

    /// The values the call showed (or, running again, would have shown), as digests of their text.
    var shownValues: [ShownValue] {
        events.compactMap { if case .shown(let label, let digest) = $0 { ShownValue(label: label, digest: digest) } else { nil } }
    }

    var exchanges: [Exchange] {
        events.compactMap { if case .exchange(let exchange) = $0 { exchange } else { nil } }
    }

    var state: Workbench.RequestState? {
        events.lazy.compactMap { if case .state(let state) = $0 { state } else { nil } }.last
    }

    /// The last of an input's units that began (`HostRuntime.liveUnit`), 0-based.
    var lastLiveUnit: Int? {
        events.lazy.compactMap { if case .liveUnit(let index) = $0 { index } else { nil } }.last
    }

    /// The last caught-up step that began (its session number).
    var lastStep: Int? {
        events.lazy.compactMap { if case .step(let number) = $0, number > 0 { number } else { nil } }.last
    }

    /// What the input threw at its top level, on one line; nil when it threw nothing.
    var thrown: String? {
        events.lazy.compactMap { if case .thrown(let text) = $0 { text.oneLine } else { nil } }.last
    }

    /// The one line a failure is told in. What it quotes (an error's description, the host's or the
    /// setup's message) may span lines, and is put on one (found by `make fuzz`).
    var failureLine: String {
        switch ending {
        case .interrupted:
            return "error: interrupted — the input did not stop, so the Swift host was ended"
        case .stopped:
            return "error: interrupted"
        case .memory(let limit):
            return "error: stopped — the input used more than \(ByteSize.text(limit)) of memory"
        case .setup(let message):
            return message.hasPrefix("error:") ? message.oneLine : "error: " + message.oneLine
        case .load(let message):
            return "error: the Swift host could not load the input: \(message.oneLine)"
        case .returned:
            if let thrown { return "error: \(thrown)" }
            return "error: the input ended early"
        case .trapped(let signal, _):
            return FailureLine.trapMessage(errors + quietErrors) ?? FailureLine.signalText(signal) ?? "error: the input trapped"
        case .died(let status):
            return FailureLine.trapMessage(errors + quietErrors) ?? FailureLine.signalText(status) ?? "error: the Swift host ended"
        }
    }
}

/// A value an input showed: its label (the name bound, or the expression) and a digest of its text.
struct ShownValue: Equatable {
    let label: String
    let digest: UInt64
}
