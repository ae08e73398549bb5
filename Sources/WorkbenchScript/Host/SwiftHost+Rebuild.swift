import Foundation
import WorkbenchKit

/// Rebuilding the session after the host ended (a trap while awaiting, a crash, Ctrl-C in a loop
/// that would not stop, too much memory, work left running that trapped): a new host loads the same
/// libraries again and runs them quietly, their sends answered from what they received
/// (docs/ARCHITECTURE.md, "The Swift host").
///
/// Quietly means nothing of theirs reaches the terminal, also between the calls, when the work they
/// start runs (a main-queue block, a timer, a task). That work ran in the host that ended; left
/// running again it would repeat what it did, so it is stopped once the inputs have run. One line says how
/// many inputs ran again, which values came out different, and what of their work was stopped.
extension SwiftHost {
    func recover(after run: HostRun, failing: String? = nil) async {
        guard !run.hostUsable, !libraries.isEmpty else { return }
        let started = ContinuousClock.now
        // A trap in work an earlier input left running (a `Task`) while this input ran or compiled:
        // that input is not run again, or the rebuilt host would end the same way. The input that
        // failed (`failing`) is not such an earlier one: of an input of several, the steps before
        // the one that trapped run again, and no further (`liveUnitsKept`).
        let endedBetween = endedBetweenInputs.take()
        let site = HostTrapSite.module(in: run.errors) ?? endedBetween.module
        if let site, site != failing, libraries.contains(where: { $0.library.moduleName == site && $0.liveUnitsRan > 0 }) {
            leaveOut(module: site, because: "its work ended the Swift host")
        } else if site == nil, endedBetween.ended {
            leaveOut(module: nil, sparing: failing, because: "work left running ended the Swift host after it")
        }
        isRebuilding = true
        defer { isRebuilding = false }
        // Work left running can still end the new host (chance, time): the input whose code
        // trapped (else whose live part ran last) is left out, and the rebuild starts again, at most
        // once per library.
        for _ in 0...libraries.count {
            switch await rebuildOnce() {
            case .rebuilt(let inputs, let shown):
                let changed = changedValues(shownAgain: shown)
                // Not answered: the host was ended again, and that one line said so.
                guard let stopped = await stopWork(output: Console(capturingWithColors: false)) else { return }
                if let process { startPump(process) }
                let elapsed = (ContinuousClock.now - started).inSeconds
                let line = RebuildLine(inputs: inputs, seconds: elapsed, changed: changed, stoppedAgain: stopped)
                console.line(console.styled(line.text, .dim))
                console.flush()
                return
            case .failed(let line, let site, true) where leaveOut(module: site, because: "the rebuild failed after it: \(line)"):
                endProcess()
            case .failed(let line, _, _):
                stop()
                show("error: the Swift session could not be rebuilt (\(line)); the next input starts it again from the session's steps", on: console)
                return
            }
        }
    }

    private enum Rebuild {
        /// How many inputs ran again, and what each library's live part showed this time (by index).
        case rebuilt(inputs: Int, shown: [Int: [ShownValue]])
        /// The failure, the input module a trap was in (if the runtime said), and whether it ended
        /// the host (work left running, rather than the input's own failure).
        case failed(String, site: String?, hostEnded: Bool)
    }

    /// Loads the libraries into a new host and runs them again, quietly, their sends answered from
    /// what they received.
    private func rebuildOnce() async -> Rebuild {
        let discard = Console(capturingWithColors: false)
        var inputs = 0
        var shown: [Int: [ShownValue]] = [:]
        for (index, loaded) in libraries.enumerated() {
            var parts: [(symbol: String, recording: [PromptEvent])] = []
            if !loaded.library.stepNumbers.isEmpty { parts.append((loaded.library.catchUpSymbol, loaded.catchUpRecording)) }
            if loaded.liveUnitsRan > 0 { parts.append((loaded.library.liveSymbol, loaded.liveRecording)) }
            for part in parts {
                // Of an input of several steps, only the units that count run again.
                let units = part.symbol == loaded.library.liveSymbol ? loaded.liveUnitsKept : nil
                let again = await call(part.symbol, of: loaded, recording: part.recording, rebuilding: true, liveUnits: units,
                                       output: discard, interrupted: { false })
                // A caught-up step that failed (passed over) fails again; the steps before it ran.
                let failedAsBefore = loaded.failedUnit != nil && part.symbol == loaded.library.catchUpSymbol && again.hostUsable
                guard again.succeeded || failedAsBefore else {
                    return .failed(again.failureLine, site: HostTrapSite.module(in: again.errors), hostEnded: !again.hostUsable)
                }
                if part.symbol == loaded.library.liveSymbol { shown[index] = again.shownValues }
            }
            inputs += loaded.library.stepNumbers.count + loaded.liveUnitsRan
        }
        return .rebuilt(inputs: inputs, shown: shown)
    }

    /// The names bound by the inputs that ran again whose value, as shown, came out different;
    /// nil when none of them showed its values (replay, the results column). What was shown is
    /// kept as it is now, for a later rebuild to compare with.
    private func changedValues(shownAgain: [Int: [ShownValue]]) -> [String]? {
        var changed: [String] = []
        var compared = false
        for (index, again) in shownAgain.sorted(by: { $0.key < $1.key }) {
            // Of an input of several that was cut, or stopped, only the steps that ran again count.
            let before = libraries[index].liveUnitsKept == nil ? libraries[index].liveShown : Array(libraries[index].liveShown.prefix(again.count))
            let bound = Set(libraries[index].library.declared.filter { $0.kind == "let" || $0.kind == "var" }.map(\.name))
            compared = compared || !before.isEmpty
            // An input shows its values in the same order each time it runs.
            for (position, value) in before.enumerated() where bound.contains(value.label) {
                if position >= again.count || again[position] != value { changed.append(value.label) }
            }
            libraries[index].liveShown = again
        }
        return compared ? changed : nil
    }
}

/// The one line a rebuild is told in.
struct RebuildLine {
    let inputs: Int
    let seconds: Double
    /// Names whose value came out different; nil when that is not known.
    let changed: [String]?
    /// The work the inputs left running again, stopped once they ran.
    let stoppedAgain: StoppedWork

    /// At most this many names are listed; the rest are counted.
    static let namesListed = 6

    var text: String {
        var text = "the Swift session was rebuilt: \(inputs) \(inputs == 1 ? "input" : "inputs") run again in "
            + String(format: "%.2f", seconds) + " s, without compiling"
        switch changed {
        case nil: text += "; values that depend on time or chance are new"
        case let names? where names.isEmpty: text += "; every value shown is as it was"
        case let names?:
            let listed = names.prefix(Self.namesListed).joined(separator: ", ")
            let more = names.count > Self.namesListed ? " and \(names.count - Self.namesListed) more" : ""
            text += "; new values: " + listed + more
        }
        if !stoppedAgain.isEmpty { text += "; stopped what they left running: " + stoppedAgain.counted }
        return text
    }
}
