/// One value of a `JSONDocument`: a cheap handle (the document and an index) that reads on demand.
public struct JSONNode: Sendable {
    let tape: JSONTape
    /// The entry's index, in 32 bits as the tape's own indexes are: twelve bytes in all, so that a
    /// decoded value holding a node stays two words (ModelRuntime's `ModelValue`).
    private let entryIndex: UInt32

    init(tape: JSONTape, index: Int) {
        self.tape = tape
        entryIndex = UInt32(truncatingIfNeeded: index)
    }

    @inline(__always)
    var index: Int { Int(entryIndex) }

    @inline(__always)
    var entry: JSONTapeEntry { tape.entries[index] }

    /// What this value is.
    public var kind: JSONKind {
        switch entry.kindCode {
        case JSONTapeKind.object: .object
        case JSONTapeKind.array: .array
        case JSONTapeKind.string: .string
        case JSONTapeKind.number: .number
        case JSONTapeKind.null: .null
        default: .bool
        }
    }

    /// Members of an object or elements of an array; 0 for any other value.
    public var count: Int {
        entry.kindCode >= JSONTapeKind.array ? Int(entry.start) : 0
    }

    public var isObject: Bool { entry.kindCode == JSONTapeKind.object }
    public var isArray: Bool { entry.kindCode == JSONTapeKind.array }
    public var isString: Bool { entry.kindCode == JSONTapeKind.string }
    public var isNumber: Bool { entry.kindCode == JSONTapeKind.number }
    public var isNull: Bool { entry.kindCode == JSONTapeKind.null }

    /// A string or number whose text is not valid JSON, kept by a parse with `.deferredValueChecks`
    /// (its value reads as nil); reading it fails a decode as the whole document would.
    public var isMalformed: Bool { entry.isMalformed }

    /// The value of `true` or `false`; nil for any other value.
    public var bool: Bool? {
        switch entry.kindCode {
        case JSONTapeKind.true: true
        case JSONTapeKind.false: false
        default: nil
        }
    }

    /// The element at `position` of an array (walks the array: O(position)); nil when out of range
    /// or not an array.
    public subscript(position: Int) -> JSONNode? {
        guard isArray, position >= 0, position < count else { return nil }
        var child = index &+ 1
        for _ in 0..<position { child = tape.next(after: child) }
        return JSONNode(tape: tape, index: child)
    }

    /// The elements of an array (empty for any other value).
    public var elements: JSONElements { JSONElements(tape: tape, first: index &+ 1, count: isArray ? count : 0) }

    /// The members of an object in document order, keys decoded (empty for any other value).
    public var members: JSONMembers { JSONMembers(tape: tape, first: index &+ 1, count: isObject ? count : 0) }

    /// The value of the first member named `key` (as JSONDecoder, the first of duplicate keys wins);
    /// nil when absent or not an object. Compares raw key bytes; no allocation for unescaped keys.
    public func member(_ key: String) -> JSONNode? {
        guard isObject else { return nil }
        if let found = key.utf8.withContiguousStorageIfAvailable({ member(utf8: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { member(utf8: $0) }
    }

    /// The value of the first member whose key's UTF-8 bytes are `key`.
    public func member(utf8 key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        guard isObject else { return nil }
        var child = index &+ 1
        for _ in 0..<count {
            if JSONNode(tape: tape, index: child).stringEquals(utf8: key) {
                return JSONNode(tape: tape, index: child &+ 1)
            }
            child = tape.next(after: child &+ 1)
        }
        return nil
    }
}

/// The elements of an array, in order.
public struct JSONElements: Sequence, Sendable {
    let tape: JSONTape
    let first: Int
    public let count: Int

    public struct Iterator: IteratorProtocol {
        let tape: JSONTape
        var position: Int
        var remaining: Int

        @inline(__always)
        public mutating func next() -> JSONNode? {
            guard remaining > 0 else { return nil }
            remaining &-= 1
            let node = JSONNode(tape: tape, index: position)
            position = tape.next(after: position)
            return node
        }
    }

    public func makeIterator() -> Iterator { Iterator(tape: tape, position: first, remaining: count) }
    public var underestimatedCount: Int { count }
}

/// The members of an object, in document order.
public struct JSONMembers: Sequence, Sendable {
    let tape: JSONTape
    let first: Int
    public let count: Int

    public struct Iterator: IteratorProtocol {
        let tape: JSONTape
        var position: Int
        var remaining: Int

        /// The next member; its key node is a string node (compare it with `stringEquals`
        /// to avoid building a `String`).
        @inline(__always)
        public mutating func nextNodes() -> (key: JSONNode, value: JSONNode)? {
            guard remaining > 0 else { return nil }
            remaining &-= 1
            let key = JSONNode(tape: tape, index: position)
            let value = JSONNode(tape: tape, index: position &+ 1)
            position = tape.next(after: position &+ 1)
            return (key, value)
        }

        public mutating func next() -> (key: String, value: JSONNode)? {
            guard let (key, value) = nextNodes() else { return nil }
            return (key.string ?? "", value)
        }
    }

    public func makeIterator() -> Iterator { Iterator(tape: tape, position: first, remaining: count) }
    public var underestimatedCount: Int { count }

    /// Members as (key node, value) pairs without decoding keys.
    public var nodes: some Sequence<(key: JSONNode, value: JSONNode)> {
        sequence(state: makeIterator()) { $0.nextNodes() }
    }
}
