/// Where a value's text is in the document's bytes, so it can be copied out exactly as written.
extension JSONNode {
    /// The byte offsets of this value in the parsed bytes: a string with its quotes, a container
    /// from its opening to its closing bracket; surrounding whitespace is not included.
    ///
    /// The tape keeps offsets for scalars only; a container's brackets are found from its nearest
    /// scalar neighbours, stepping over nothing but whitespace and punctuation.
    public var byteRange: Range<Int> {
        let entry = entry
        guard entry.kindCode >= JSONTapeKind.array else { return Self.scalarStart(entry)..<Self.scalarEnd(entry) }
        let start = containerStart(index)
        return start..<containerEnd(start)
    }

    @inline(__always)
    private static func scalarStart(_ entry: JSONTapeEntry) -> Int {
        Int(entry.start) - (entry.kindCode == JSONTapeKind.string ? 1 : 0)
    }

    @inline(__always)
    private static func scalarEnd(_ entry: JSONTapeEntry) -> Int {
        Int(entry.end) + (entry.kindCode == JSONTapeKind.string ? 1 : 0)
    }

    /// Only containers lie between the nearest scalar before `container` and its bracket, and each
    /// opens once there: the bracket is the n-th opening one after that scalar.
    private func containerStart(_ container: Int) -> Int {
        var anchor = container - 1
        while anchor >= 0, tape.entries[anchor].kindCode >= JSONTapeKind.array { anchor -= 1 }
        var position = anchor >= 0 ? Self.scalarEnd(tape.entries[anchor]) : 0
        var openings = container - anchor
        while position < tape.byteCount {
            let byte = tape.base[position]
            if byte == 0x5B || byte == 0x7B {
                openings -= 1
                if openings == 0 { return position }
            }
            position += 1
        }
        return position
    }

    /// After the last leaf of the container's last-child chain come only whitespace, commas and one
    /// closing bracket per non-empty container on that chain.
    private func containerEnd(_ start: Int) -> Int {
        var closings = 0
        var node = index
        while tape.entries[node].kindCode >= JSONTapeKind.array, tape.entries[node].start > 0 {
            closings += 1
            node = lastChild(of: node)
        }
        var position: Int
        if tape.entries[node].kindCode >= JSONTapeKind.array {
            // An empty container: its own closing bracket counts too.
            position = node == index ? start + 1 : containerStart(node) + 1
            closings += 1
        } else {
            position = Self.scalarEnd(tape.entries[node])
        }
        while position < tape.byteCount {
            let byte = tape.base[position]
            position += 1
            if byte == 0x5D || byte == 0x7D {
                closings -= 1
                if closings == 0 { return position }
            }
        }
        return position
    }

    private func lastChild(of container: Int) -> Int {
        let entry = tape.entries[container]
        let isObject = entry.kindCode == JSONTapeKind.object
        var child = container + 1
        for _ in 1..<Int(entry.start) {
            child = tape.next(after: isObject ? child + 1 : child)
        }
        return isObject ? child + 1 : child
    }
}
