/// A reader going through a document front to back (the parser, a decode of an array), letting go
/// of the pages it has gone past when the document is a file mapping (`DocumentCopy.map`): the
/// file stays in the page cache, and a later read maps a page again from there. Without it a
/// process holding a parsed and decoded document also held every page of its text, about as much
/// again as the document (docs/ARCHITECTURE.md, "The Swift host"). A document in memory the tape
/// allocated is the only copy of its bytes and is never let go.
public struct JSONPagesBehind {
    /// Pages are let go in runs of this many bytes: one `madvise` per run.
    static let stride = 1 << 20

    private let tape: JSONTape
    /// Where the reader was when pages were last let go (everything before its page is gone).
    private var releasedTo: Int

    /// A reader starting at `node`; nil when the document is not a file mapping.
    public init?(startingAt node: JSONNode) {
        guard node.tape.isMapped else { return nil }
        tape = node.tape
        releasedTo = node.firstByteOffset ?? 0
    }

    /// The reader is done with `node` and with everything before it.
    @inline(__always)
    public mutating func passed(_ node: JSONNode) {
        guard let offset = node.lastByteOffset, offset >= releasedTo + Self.stride else { return }
        Self.release(tape.base, from: releasedTo, to: offset)
        releasedTo = offset
    }

    /// Lets go of the pages of `base`'s mapping from the one holding `start` to the one holding `end`
    /// (that one stays: the reader is still in it).
    @inline(never)
    static func release(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        DocumentCopy.releasePages(of: UnsafeRawBufferPointer(start: base, count: end), from: start, to: end)
    }
}

extension JSONNode {
    /// The offset of the first byte of this value's first scalar (nil for a tree of empty containers).
    fileprivate var firstByteOffset: Int? {
        let end = tape.next(after: index)
        var entry = index
        while entry < end, tape.entries[entry].kindCode >= JSONTapeKind.array { entry += 1 }
        return entry < end ? Int(tape.entries[entry].start) : nil
    }

    /// The offset just past this value's last scalar (nil for a tree of empty containers).
    fileprivate var lastByteOffset: Int? {
        var entry = tape.next(after: index) - 1
        while entry >= index, tape.entries[entry].kindCode >= JSONTapeKind.array { entry -= 1 }
        return entry >= index ? Int(tape.entries[entry].end) : nil
    }
}
