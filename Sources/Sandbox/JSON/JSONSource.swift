import WorkbenchKit

/// JSON bytes and the document parsed from them, so values can be served as the bytes they were written with.
struct JSONSource: Sendable {
    let bytes: [UInt8]
    let document: JSONDocument

    /// Parses `bytes` strictly (RFC 8259). The document reads its own copy; these are served.
    init(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        self.bytes = bytes
        self.document = try JSONDocument(parsing: bytes)
    }

    var root: JSONNode { document.root }

    /// A value's bytes as written.
    func bytes(of node: JSONNode) -> ArraySlice<UInt8> {
        bytes[node.byteRange]
    }
}

/// A dataset value that is not the kind of value the sandbox reads there.
struct JSONShapeError: Error, Equatable, CustomStringConvertible {
    let expected: JSONKind
    let found: JSONKind

    init(expected: JSONKind, found: JSONKind) {
        self.expected = expected
        self.found = found
    }

    var description: String { "expected \(expected), found \(found)" }
}
