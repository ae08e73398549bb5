/// Transient output (`Console.writeTransient`: a picture) written by a console whose bytes another
/// process passes on (the Swift host's, read by the REPL): marked, so that the REPL can give it to
/// its terminal and keep it out of the copies an input's output goes to (a handout, a CI report).
/// The marks are OSC sequences no terminal acts on, should one reach a terminal unread.
public enum TransientOutput {
    static let start = Array("\u{1B}]7770;1\u{07}".utf8)
    static let end = Array("\u{1B}]7770;0\u{07}".utf8)

    static func marked(_ text: String) -> [UInt8] {
        start + Array(text.utf8) + end
    }

    /// Marked output read back, in pieces of any size: each part, and whether it was transient.
    public struct Splitter {
        private var inside = false
        private var held: [UInt8] = []

        public init() {}

        public mutating func feed(_ bytes: [UInt8]) -> [(transient: Bool, bytes: [UInt8])] {
            var data = held + bytes
            held = []
            var parts: [(Bool, [UInt8])] = []
            while true {
                let mark = inside ? TransientOutput.end : TransientOutput.start
                if let found = Self.index(of: mark, in: data) {
                    if found > 0 { parts.append((inside, Array(data[..<found]))) }
                    data.removeFirst(found + mark.count)
                    inside.toggle()
                    continue
                }
                // A mark cut between two reads: its beginning waits for the rest.
                let kept = Self.partialMarkLength(at: data, mark: mark)
                held = Array(data.suffix(kept))
                data.removeLast(kept)
                if !data.isEmpty { parts.append((inside, data)) }
                return parts
            }
        }

        /// What is held at the end of the output.
        public mutating func flush() -> [(transient: Bool, bytes: [UInt8])] {
            defer { held = [] }
            return held.isEmpty ? [] : [(inside, held)]
        }

        private static func index(of mark: [UInt8], in data: [UInt8]) -> Int? {
            guard data.count >= mark.count else { return nil }
            var index = 0
            while let escape = data[index...].firstIndex(of: 0x1B), escape + mark.count <= data.count {
                if data[escape..<(escape + mark.count)].elementsEqual(mark) { return escape }
                index = escape + 1
            }
            return nil
        }

        private static func partialMarkLength(at data: [UInt8], mark: [UInt8]) -> Int {
            for length in stride(from: min(mark.count - 1, data.count), to: 0, by: -1) where data.suffix(length).elementsEqual(mark.prefix(length)) {
                return length
            }
            return 0
        }
    }
}
