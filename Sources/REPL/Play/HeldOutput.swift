import Synchronization

/// Output printed between inputs (work an input left running: a `Timer`, a `Task`) while `play`
/// draws its screen: held for the screen's output pane rather than written over the file and its
/// column, and passed on as before once `play` is left.
final class HeldOutput: Sendable {
    private let held = Mutex<[UInt8]?>(nil)

    /// Holds `bytes` while holding is on; false when it is off (the caller passes them on).
    func hold(_ bytes: [UInt8]) -> Bool {
        held.withLock { held in
            guard held != nil else { return false }
            held! += bytes
            return true
        }
    }

    /// From now on output is held, until `stop`.
    func start() {
        held.withLock { $0 = $0 ?? [] }
    }

    /// What was held since the last look.
    func take() -> [UInt8] {
        held.withLock { held in
            guard let taken = held else { return [] }
            held = []
            return taken
        }
    }

    /// Output is passed on again; what was still held is returned.
    func stop() -> [UInt8] {
        held.withLock { held in
            defer { held = nil }
            return held ?? []
        }
    }
}
