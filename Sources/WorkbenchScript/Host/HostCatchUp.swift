/// How far the host has caught up on the session's steps: how many it has run (or passed over),
/// the caught-up steps that failed there (reported once, left out since), and the names that have
/// no value in the host with the error a use of one gets. `SwiftHost` keeps one and asks it what
/// to catch up on; it knows nothing of libraries or processes.
struct HostCatchUp: Equatable {
    /// How many of the session's steps the host has run (or passed over).
    private(set) var synced = 0
    /// Caught-up steps that failed in the host, by number: their first lines.
    private(set) var passedOver: [Int: String] = [:]
    /// Names with no value in the host, each with the one line a use of it gets.
    private(set) var unbound: [String: String] = [:]

    /// The session's `steps` the host has not run nor passed over, numbered from 1.
    func pending<Step>(_ steps: [Step]) -> [(number: Int, step: Step)] {
        steps.enumerated().dropFirst(synced).filter { passedOver[$0.offset + 1] == nil }.map { (number: $0.offset + 1, step: $0.element) }
    }

    /// Whether the session has fewer steps than the host ran: they were cleared (`reset`).
    func wasCleared(_ count: Int) -> Bool { count < synced }

    /// Nothing run, nothing passed over, every name as it was.
    mutating func restart() {
        self = HostCatchUp()
    }

    /// The host (a new process) has run nothing; what failed before stays passed over.
    mutating func forgetRun() {
        synced = 0
    }

    /// The host has run the steps up to `step`.
    mutating func ran(through step: Int) {
        synced = step
    }

    /// The host ran `count` more steps (an input of several).
    mutating func ran(more count: Int) {
        synced += count
    }

    /// The session kept only its first `count` steps: the host's run of later ones no longer counts.
    mutating func keep(through count: Int) {
        synced = min(synced, count)
        passedOver = passedOver.filter { $0.key <= synced }
    }

    /// Step `step` (first line `line`) failed in the host: later passes leave it out, and the names
    /// it binds have no value there.
    mutating func passOver(_ step: Int, line: String, binding names: [String]) {
        passedOver[step] = line
        for name in names { unbound[name] = "no value in the Swift host: earlier input `\(line)` failed there" }
    }

    /// `names`, bound by the step whose first line is `line`, have no value in the host because it
    /// `reason` (ran no further, was cut off).
    mutating func unbind(_ names: [String], of line: String, because reason: String) {
        for name in names { unbound[name] = "no value in the Swift host: `\(line)` \(reason)" }
    }

    /// `names` have values again.
    mutating func bind(_ names: [String]) {
        for name in names { unbound[name] = nil }
    }

    /// The names of `mentioned` with no value, but those `declared` here, with their errors, by name.
    func unbound(among mentioned: Set<String>, declared: Set<String>) -> [(name: String, message: String)] {
        unbound.filter { mentioned.contains($0.key) && !declared.contains($0.key) }
            .sorted { $0.key < $1.key }.map { (name: $0.key, message: $0.value) }
    }

    /// Whether `name` has no value in the host.
    func isUnbound(_ name: String) -> Bool { unbound[name] != nil }
}
