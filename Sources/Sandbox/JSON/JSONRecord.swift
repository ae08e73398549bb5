import WorkbenchKit

/// One object of a dataset: its node, its bytes in the source and its members' ranges.
struct JSONRecord: Sendable {
    let source: JSONSource
    let node: JSONNode
    let range: Range<Int>
    let members: [JSONMember]
    /// The column the record's opening brace stands at in the source (its indentation).
    let column: Int

    init(_ node: JSONNode, in source: JSONSource) throws(JSONShapeError) {
        guard node.isObject else { throw JSONShapeError(expected: .object, found: node.kind) }
        self.source = source
        self.node = node
        self.range = node.byteRange
        self.members = node.members.map { JSONMember(key: $0.key, node: $0.value, value: $0.value.byteRange) }
        // Only indentation counts; a record that does not start its line (minified data) has column 0.
        var lineStart = range.lowerBound
        while lineStart > 0, source.bytes[lineStart - 1] == UInt8(ascii: " ") { lineStart -= 1 }
        let startsLine = lineStart == 0 || source.bytes[lineStart - 1] == 0x0A
        self.column = startsLine ? range.lowerBound - lineStart : 0
    }

    /// The records of the array `array` of `source`.
    static func records(in source: JSONSource, array: JSONNode) throws(JSONShapeError) -> [JSONRecord] {
        guard array.isArray else { throw JSONShapeError(expected: .array, found: array.kind) }
        var records: [JSONRecord] = []
        records.reserveCapacity(array.count)
        for element in array.elements {
            records.append(try JSONRecord(element, in: source))
        }
        return records
    }

    var bytes: ArraySlice<UInt8> { source.bytes[range] }

    /// The range of a member's value.
    func value(_ key: String) -> Range<Int>? {
        members.first { $0.key == key }?.value
    }

    /// The value at a dotted path (`address.city`), as JavaScript's `String(value)` would give it for scalars.
    func text(atPath path: String) -> String? {
        var current: JSONNode? = node
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?.member(String(key))
        }
        return current.flatMap(scalarText)
    }

    /// A scalar's text: strings decoded, numbers and literals as written; `nil` for `null`.
    func scalarText(_ value: JSONNode) -> String? {
        if value.isString { return value.string }
        if value.isNull { return nil }
        return String(decoding: source.bytes(of: value), as: UTF8.self)
    }

    /// The integer `id` member, when there is one.
    var id: Int? {
        value("id").flatMap { Int(String(decoding: source.bytes[$0], as: UTF8.self)) }
    }

    /// Every string value in the record, nested ones included (keys are not values).
    func allStrings() -> [String] {
        var strings: [String] = []
        Self.collectStrings(in: node, into: &strings)
        return strings
    }

    private static func collectStrings(in value: JSONNode, into strings: inout [String]) {
        switch value.kind {
        case .string: if let text = value.string { strings.append(text) }
        case .object: for member in value.members { collectStrings(in: member.value, into: &strings) }
        case .array: for element in value.elements { collectStrings(in: element, into: &strings) }
        default: break
        }
    }
}

/// One `"key": value` of a record: the value's node and its byte range in the record's source.
struct JSONMember: Sendable {
    let key: String
    let node: JSONNode
    let value: Range<Int>
}
