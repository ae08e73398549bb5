import Synchronization

/// Output printed between inputs (work an input left running: a `Timer`, a `Task`) while `play`
/// draws its screen: held for the screen's output pane rather than written over the file and its
/// column, and passed on as before once `play` is left. (An editor `edit` opens holds the terminal
/// too: what comes meanwhile is printed after it.)
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

    /// Output is passed on again, after what was still held, which `passOn` gets first (under the
    /// lock: output that comes meanwhile waits, so none overtakes it).
    func stop(passingOn passOn: ([UInt8]) -> Void) {
        held.withLock { held in
            if let bytes = held, !bytes.isEmpty { passOn(bytes) }
            held = nil
        }
    }

    /// How many of `bytes` are whole UTF-8 characters: a character that a read cut in two waits
    /// for the rest of it.
    static func wholeCharacters(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        // A lead byte among the last three whose character needs more bytes than follow it.
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? bytes.count - back : bytes.count
            }
        }
        return bytes.count
    }
}
