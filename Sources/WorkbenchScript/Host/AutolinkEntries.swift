import Foundation
import Synchronization

/// The second of a compiled input's three jobs (`HostCompileJobs`), `swift-autolink-extract OBJECT
/// -o FILE`, writes the linker flags the object asks for (the libraries of the modules it imports,
/// which ELF linkers do not take from the object) for the link job to read as `@FILE`. What it
/// writes depends only on the entries it reads from the object, and the inputs of a session
/// import the same modules: so the tool runs once for each list of entries, and a later input
/// whose object holds the same list gets the same flags without it: starting the tool for every
/// compiled input was a noticeable share of the test suite's time. The tool orders the flags by
/// rules of its own, which is why its answer is kept rather than redone here.
enum AutolinkEntries {
    /// The section the Swift frontend writes its autolink entries to, each ending with a NUL.
    static let sectionName = ".swift1_autolink_entries"

    /// What the tool wrote, by the tool and the entries it read.
    private static let written = Mutex<[[String]: Data]>([:])

    /// A job of the tool (`swift-autolink-extract OBJECT... -o FILE`) and what it was asked for.
    struct Lookup {
        /// The tool and the entries of each object.
        let key: [String]
        let output: String

        /// Nil when `job` is not the tool's, or an object is not one it can be read from.
        init?(_ job: [String]) {
            guard job.count >= 4, job[0].hasSuffix("/swift-autolink-extract"), job[job.count - 2] == "-o" else { return nil }
            let objects = job[1..<(job.count - 2)]
            guard !objects.contains(where: { $0.hasPrefix("-") }) else { return nil }
            var key = [job[0]]
            for object in objects {
                guard let data = FileManager.default.contents(atPath: object), let entries = AutolinkEntries.entries(inObject: data) else { return nil }
                // An object's entries end with a NUL each, so "" cannot be one: it separates objects.
                key += [""] + entries
            }
            self.key = key
            output = job[job.count - 1]
        }

        /// Writes the job's output when the tool has already answered for the same entries; false
        /// when it has not (the caller runs the job).
        func reuse() -> Bool {
            guard let text = written.withLock({ $0[key] }) else { return false }
            return FileManager.default.createFile(atPath: output, contents: text)
        }

        /// Keeps what the tool wrote, once it has run the job.
        func remember() {
            guard let text = FileManager.default.contents(atPath: output) else { return }
            written.withLock { $0[key] = text }
        }
    }

    /// The entries of every autolink section of a 64-bit little-endian ELF object, in order; nil
    /// when `object` is not one (or uses the extended section numbering a small object never needs).
    static func entries(inObject object: Data) -> [String]? {
        let bytes = [UInt8](object)
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2, bytes[5] == 1 else { return nil }
        func integer(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            return (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard let table = integer(0x28, 8), let headerSize = integer(0x3A, 2), let count = integer(0x3C, 2),
              let namesIndex = integer(0x3E, 2), headerSize >= 64, count > 0, namesIndex < count,
              let names = integer(table + namesIndex * headerSize + 24, 8) else { return nil }
        var entries: [String] = []
        for index in 0..<count {
            let header = table + index * headerSize
            guard let nameOffset = integer(header, 4), let start = integer(header + 24, 8), let size = integer(header + 32, 8) else { return nil }
            guard name(at: names + nameOffset, in: bytes) == sectionName else { continue }
            guard start + size <= bytes.count else { return nil }
            entries += bytes[start..<(start + size)].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        return entries
    }

    /// The NUL-ended string at `offset`.
    private static func name(at offset: Int, in bytes: [UInt8]) -> String? {
        guard offset >= 0, offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0) else { return nil }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
