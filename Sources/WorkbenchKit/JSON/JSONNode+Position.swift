extension JSONNode {
    /// Where the node is in its document. A holder of many nodes of one document (the fields of a
    /// decode, `FieldStore`) keeps one node and this for each of the others, four bytes instead of a
    /// node's twelve and the reference it counts.
    public var position: Int { index }

    /// The node at `position` (a `position` read from a node of this document).
    public func node(atPosition position: Int) -> JSONNode {
        precondition(position >= 0 && position < tape.count, "no node at that position of the document")
        return JSONNode(tape: tape, index: position)
    }

    /// Whether `other` is a node of the same document as this one.
    public func isInSameDocument(as other: JSONNode) -> Bool { tape === other.tape }
}
