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
/// The tape owns both: the bytes are a copy in memory the tape allocated and frees, so `base` is
/// valid for as long as any node can reach it, whatever the input was (Data may keep small inputs
/// inline, and neither Data nor Array promises a pointer outside `withUnsafeBytes`). Reading the
/// input through `withUnsafeBytes` on every access instead would keep it uncopied, but it halved
/// the speed of reading every value, while the copy adds one `memcpy` to the parse
/// (docs/ARCHITECTURE.md, "JSON documents").
final class JSONTape: @unchecked Sendable {
    let entries: UnsafeMutablePointer<JSONTapeEntry>
    let count: Int
    let base: UnsafePointer<UInt8>
    let byteCount: Int

    /// Whether `base` is a read-only file mapping (`DocumentCopy`), unmapped rather than freed.
    let isMapped: Bool

    /// Takes ownership of `entries` and of `bytes` (from `JSONTape.copy`, or mapped when `mapped`);
    /// frees both on deinit.
    init(entries: UnsafeMutablePointer<JSONTapeEntry>, count: Int, bytes: UnsafeMutableBufferPointer<UInt8>, mapped: Bool = false) {
        self.entries = entries
        self.count = count
        self.base = UnsafePointer(bytes.baseAddress!)
        self.byteCount = bytes.count
        isMapped = mapped
    }

    deinit {
        free(entries)
        if isMapped {
            DocumentCopy.unmap(UnsafeMutableRawPointer(mutating: base), count: byteCount)
        } else {
            UnsafeMutablePointer(mutating: base).deallocate()
        }
    }

    /// A copy of `raw` in memory a tape can own (never empty, so the base address exists).
    static func copy(_ raw: UnsafeRawBufferPointer) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(raw.count, 1))
        if let source = raw.baseAddress { bytes.baseAddress!.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: raw.count) }
        return UnsafeMutableBufferPointer(rebasing: bytes[0..<raw.count])
    }

    /// The bytes the document was parsed from (a copy: the tape's own never change).
    var bytes: Data { Data(UnsafeBufferPointer(start: base, count: byteCount)) }

    /// The bytes of an entry's `start..<end` range.
    @inline(__always)
    func text(_ entry: JSONTapeEntry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.end &- entry.start))
    }

    /// The index after the subtree rooted at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kindCode >= JSONTapeKind.array ? Int(entry.end) : index &+ 1
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
