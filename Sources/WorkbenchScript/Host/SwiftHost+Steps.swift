import Foundation
import WorkbenchKit

/// The session's steps in the host: cutting them (`edit` and `play` run the steps after a change
/// again), telling the steps of an input of several apart, and the names steps left without a value.
extension SwiftHost {
    /// The session kept only its first `count` steps (`edit` and `play` run the ones after them again,
    /// as they now read). The libraries that ran a later step, and those after them, are left out of
    /// what later inputs import and of a rebuild; the steps among them the session kept are caught
    /// up again, their requests answered from what they received. A cut between the steps of an
    /// input of several (`run(steps:)`) keeps its library: the steps before the cut keep their
    /// values, and only what they declared is imported. What the dropped libraries declared stays
    /// loaded in the process, where nothing names it any more.
    public func keepFirst(_ count: Int) {
        guard catchUp.synced > count else { return }
        let holdsLater = { (loaded: LoadedLibrary) in
            loaded.library.stepNumbers.contains { $0 > count } || loaded.liveSteps.contains { $0 > count }
        }
        guard let first = libraries.firstIndex(where: holdsLater) else {
            catchUp.keep(through: count)
            return
        }
        let cut = libraries[first]
        let keptUnits = cut.liveSteps.count { $0 <= count }
        if keptUnits > 0, cut.failedUnit == nil, cut.library.stepNumbers.allSatisfy({ $0 <= count }) {
            let live = cut.library.program.units.dropFirst(cut.library.catchUpCount)
            unbind(live.dropFirst(keptUnits), because: "was changed or removed since")
            libraries[first].liveUnitsKept = keptUnits
            libraries[first].liveSteps = Array(cut.liveSteps.prefix(keptUnits))
            libraries.removeSubrange((first + 1)...)
            catchUp.keep(through: count)
        } else {
            let firstStep = libraries[first...].compactMap { $0.library.stepNumbers.first ?? $0.liveSteps.first }.min() ?? count + 1
            libraries.removeSubrange(first...)
            catchUp.keep(through: min(count, firstStep - 1))
        }
    }

    /// The sends of each of an input's `units`; one unit's are `recording` itself.
    static func recordings(of recording: [PromptEvent], events: [PromptEvent], units: Int) -> [[PromptEvent]] {
        guard units > 1 else { return [recording] }
        return eventsByUnit(events, units: units).map { events in
            events.filter { event in
                switch event {
                case .exchange, .sendFailed: true
                default: false
                }
            }
        }
    }

    /// The labels of the values each of an input's `units` showed (`save` prints them after its step).
    static func shownLabels(in events: [PromptEvent], units: Int) -> [[String]] {
        eventsByUnit(events, units: units).map { events in
            events.compactMap { if case .shown(let label, _) = $0 { label } else { nil } }
        }
    }

    /// An input's events, told apart by where each of its `units` began (`PromptEvent.liveUnit`).
    private static func eventsByUnit(_ events: [PromptEvent], units: Int) -> [[PromptEvent]] {
        var split = Array(repeating: [PromptEvent](), count: max(units, 1))
        var unit = 0
        for event in events {
            if case .liveUnit(let index) = event { unit = min(max(index, 0), split.count - 1) } else { split[unit].append(event) }
        }
        return split
    }

    /// A caught-up step that failed (reported already): later passes leave it out, and what it
    /// binds has no value in the host (a later use is a one-line compile error, never a stale value).
    func passOver(_ step: Int, of library: HostLibrary) {
        guard let unit = library.stepNumbers.firstIndex(of: step) else { return }
        catchUp.passOver(step, line: library.program.units[unit].firstLine, binding: HostSegments.bindings(library.program.units[unit]))
    }

    /// Names the steps of `units` bound, which ran no further or were cut off: a later use is a
    /// one-line compile error, never the value the old step left (their library may be imported
    /// whole, for an extension above them).
    func unbind(_ units: some Sequence<ProgramUnit>, because reason: String) {
        for unit in units { catchUp.unbind(HostSegments.bindings(unit), of: unit.firstLine, because: reason) }
    }

    /// Names a library gave values to are bound again.
    func bound(_ names: [HostName]) {
        catchUp.bind(names.map(\.name))
    }
}
