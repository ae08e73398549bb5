/// One object of a dataset: its bytes in the document and its members' ranges.
struct JSONRecord: Sendable {
    let document: JSONScanner
    let range: Range<Int>
    let members: [JSONMember]
    /// The column the record's opening brace stands at in the document (its indentation).
    let column: Int

    init(document: JSONScanner, range: Range<Int>) throws(JSONScanError) {
        self.document = document
        self.range = range
        self.members = try document.objectMembers(in: range)
        // Only indentation counts; a record that does not start its line (minified data) has column 0.
        var lineStart = range.lowerBound
        while lineStart > 0, document.bytes[lineStart - 1] == UInt8(ascii: " ") { lineStart -= 1 }
        let startsLine = lineStart == 0 || document.bytes[lineStart - 1] == 0x0A
        self.column = startsLine ? range.lowerBound - lineStart : 0
    }

    /// The records of the array at `range` of `document`.
    static func records(in document: JSONScanner, array range: Range<Int>) throws(JSONScanError) -> [JSONRecord] {
        var records: [JSONRecord] = []
        for element in try document.arrayElements(in: range) {
            records.append(try JSONRecord(document: document, range: element))
        }
        return records
    }

    var bytes: ArraySlice<UInt8> { document.bytes[range] }

    /// The range of a member's value.
    func value(_ key: String) -> Range<Int>? {
        members.first { $0.key == key }?.value
    }

    /// The value at a dotted path (`address.city`), as JavaScript's `String(value)` would give it for scalars.
    func text(atPath path: String) -> String? {
        var current = self.members
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, key) in keys.enumerated() {
            guard let range = current.first(where: { $0.key == key })?.value else { return nil }
            if index == keys.count - 1 { return scalarText(range) }
            guard let nested = try? document.objectMembers(in: range) else { return nil }
            current = nested
        }
        return nil
    }

    /// A scalar's text: strings decoded, numbers and literals as written; `nil` for `null`.
    func scalarText(_ range: Range<Int>) -> String? {
        let first = document.bytes[range.lowerBound]
        if first == UInt8(ascii: "\"") { return try? document.string(in: range) }
        let raw = String(decoding: document.bytes[range], as: UTF8.self)
        return raw == "null" ? nil : raw
    }

    /// The integer `id` member, when there is one.
    var id: Int? {
        value("id").flatMap { Int(String(decoding: document.bytes[$0], as: UTF8.self)) }
    }

    /// Every string value in the record, nested ones included (keys are not values).
    func allStrings() -> [String] {
        var strings: [String] = []
        collectStrings(in: range, into: &strings)
        return strings
    }

    private func collectStrings(in range: Range<Int>, into strings: inout [String]) {
        switch document.bytes[range.lowerBound] {
        case UInt8(ascii: "\""):
            if let text = try? document.string(in: range) { strings.append(text) }
        case UInt8(ascii: "{"):
            for member in (try? document.objectMembers(in: range)) ?? [] { collectStrings(in: member.value, into: &strings) }
        case UInt8(ascii: "["):
            for element in (try? document.arrayElements(in: range)) ?? [] { collectStrings(in: element, into: &strings) }
        default:
            break
        }
    }
}
