import Foundation

/// An ordered list of HTTP header fields whose names compare case-insensitively.
public struct HeaderList: Sendable, Equatable, Sequence {
    /// One header field as the user typed it.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name`, any case.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value for `name`, any case, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Replaces every field named `name` with one field, keeping the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            // Fields before the first match keep their indices, so `index` is still the right slot.
            fields.removeAll { Self.sameName($0.name, name) }
            fields.insert(Field(name: name, value: value), at: index)
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Adds a field without removing others of the same name.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`; returns how many went.
    @discardableResult
    public mutating func remove(_ name: String) -> Int {
        let before = fields.count
        fields.removeAll { Self.sameName($0.name, name) }
        return before - fields.count
    }

    /// `content-type` → `Content-Type`: each dash-separated word capitalised, the rest lower case.
    public static func canonicalName(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
            .joined(separator: "-")
    }

    /// Fields sorted by canonical name, names canonicalised, for display.
    public var sortedCanonical: [Field] {
        fields.map { Field(name: Self.canonicalName($0.name), value: $0.value) }
            .enumerated()
            .sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            .map(\.element)
    }

    /// Whether `name` is a valid header field name (RFC 9110 token).
    public static func isValidName(_ name: String) -> Bool {
        // Bytes, not Characters: this runs on every send, and a set of characters built per call
        // was 3% of a replay's instructions. Any non-ASCII byte is refused, as any such character was.
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// Whether two header names are the same, any case. ASCII names (all valid ones) are compared
    /// byte by byte: Foundation's `caseInsensitiveCompare` goes through NSString and was, with the
    /// content-type lookups of each response, 6% of a replay's instructions.
    static func sameName(_ first: String, _ second: String) -> Bool {
        let (a, b) = (first.utf8, second.utf8)
        guard a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) else {
            return first.caseInsensitiveCompare(second) == .orderedSame
        }
        return a.count == b.count && zip(a, b).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `value` can be sent as a header value (no line breaks or other control characters).
    public static func isValidValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    }
}
