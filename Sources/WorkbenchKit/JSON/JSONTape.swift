#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One fixed-size entry of a parsed document, in document order (a container precedes its children).
///
/// - string, number: `start`/`end` are the byte range of the text (a string's without its quotes);
///   the flag says a string has escapes or a number has a fraction or an exponent; the malformed
///   bit marks text that is not valid JSON, kept by a parse with `.deferredValueChecks`.
/// - object, array: `start` is the member or element count, `end` the index of the entry after the
///   container's last descendant, so a whole subtree is skipped in one step.
/// - an object's members are key entries (strings) each followed by its value's entries.
struct JSONTapeEntry {
    var header: UInt32
    var start: UInt32
    var end: UInt32

    static let kindMask: UInt32 = 0x7
    static let flag: UInt32 = 0x8
    static let malformed: UInt32 = 0x10

    @inline(__always) var kindCode: UInt32 { header & Self.kindMask }
    @inline(__always) var hasFlag: Bool { header & Self.flag != 0 }
    @inline(__always) var isMalformed: Bool { header & Self.malformed != 0 }
}

/// Kind codes stored in `JSONTapeEntry.header`.
enum JSONTapeKind {
    static let null: UInt32 = 0
    static let `true`: UInt32 = 1
    static let `false`: UInt32 = 2
    static let number: UInt32 = 3
    static let string: UInt32 = 4
    static let array: UInt32 = 5
    static let object: UInt32 = 6
}

/// The parsed entries and the bytes they point into; immutable once built, shared by every node.
///
/// `base` is taken once: the tape holds the `Data` or array it came from and never mutates it, and
/// their heap storage does not move while alive. Inputs small enough for `Data` to keep inline
/// (its bytes would live in a temporary copy) are copied into memory the tape owns.
final class JSONTape: @unchecked Sendable {
    let entries: UnsafeMutablePointer<JSONTapeEntry>
    let count: Int
    let base: UnsafePointer<UInt8>
    let byteCount: Int
    private let owner: Owner

    enum Owner {
        case data(Data)
        case array([UInt8])
        case copy(UnsafeMutablePointer<UInt8>)
    }

    init(entries: UnsafeMutablePointer<JSONTapeEntry>, count: Int, base: UnsafePointer<UInt8>, byteCount: Int, owner: Owner) {
        self.entries = entries
        self.count = count
        self.base = base
        self.byteCount = byteCount
        self.owner = owner
    }

    deinit {
        free(entries)
        if case .copy(let bytes) = owner { bytes.deallocate() }
    }

    /// The bytes the document was parsed from.
    var bytes: Data {
        switch owner {
        case .data(let data): data
        case .array(let array): Data(array)
        case .copy: Data(UnsafeBufferPointer(start: base, count: byteCount))
        }
    }

    /// The index after the subtree rooted at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kindCode >= JSONTapeKind.array ? Int(entry.end) : index &+ 1
    }

    /// The bytes of an entry's `start..<end` range.
    @inline(__always)
    func text(_ entry: JSONTapeEntry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.end &- entry.start))
    }
}

/// A growable run of tape entries in `malloc` memory, so growth can `realloc` in place.
struct JSONTapeBuffer {
    private(set) var base: UnsafeMutablePointer<JSONTapeEntry>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity, reusing: nil)
    }

    @inline(__always)
    mutating func append(_ header: UInt32, _ start: Int, _ end: Int) {
        if count == capacity { grow() }
        base[count] = JSONTapeEntry(header: header, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
        count &+= 1
    }

    @inline(__always)
    mutating func close(_ index: Int, count members: UInt32) {
        base[index].start = members
        base[index].end = UInt32(truncatingIfNeeded: count)
    }

    /// Gives the memory to the caller, trimmed to size (untouched reserved pages were never resident).
    mutating func finish() -> UnsafeMutablePointer<JSONTapeEntry> {
        base = Self.allocate(max(count, 1), reusing: base)
        return base
    }

    /// Frees the memory after a failed parse.
    func discard() { free(base) }

    private mutating func grow() {
        capacity *= 2
        base = Self.allocate(capacity, reusing: base)
    }

    private static func allocate(_ count: Int, reusing old: UnsafeMutablePointer<JSONTapeEntry>?) -> UnsafeMutablePointer<JSONTapeEntry> {
        let bytes = count * MemoryLayout<JSONTapeEntry>.stride
        guard let raw = realloc(old, bytes) else { fatalError("out of memory for a JSON tape of \(bytes) bytes") }
        return raw.bindMemory(to: JSONTapeEntry.self, capacity: count)
    }
}
