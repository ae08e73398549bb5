/// Compact JSON written straight into a byte buffer: the executor writes a response as it resolves
/// it, and cuts the buffer back to a mark when a null propagates over a half-written object.
/// Strings are escaped as RFC 8259 requires, and only that: non-ASCII text stays UTF-8.
struct GraphQLJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Where the next byte goes, for `truncate(to:)`.
    var mark: Int { bytes.count }

    mutating func truncate(to mark: Int) { bytes.removeSubrange(mark...) }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func byte(_ character: Unicode.Scalar) { bytes.append(UInt8(ascii: character)) }

    mutating func null() { raw("null") }

    mutating func bool(_ flag: Bool) { flag ? raw("true") : raw("false") }

    mutating func int(_ number: Int) {
        if number >= 0 && number < 10 { bytes.append(UInt8(ascii: "0") + UInt8(number)); return }
        bytes.append(contentsOf: String(number).utf8)
    }

    /// A finite double as Swift prints it (`1.5`, `1e-07`); JSON has no NaN or infinity, so those write null.
    mutating func double(_ number: Double) {
        guard number.isFinite else { return null() }
        bytes.append(contentsOf: number.description.utf8)
    }

    /// `"key":`
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                default:
                    raw("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func write(_ value: GraphQLJSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .list(let items):
            byte("[")
            for (index, item) in items.enumerated() {
                if index > 0 { byte(",") }
                write(item)
            }
            byte("]")
        case .object(let members):
            byte("{")
            for (index, member) in members.enumerated() {
                if index > 0 { byte(",") }
                key(member.key)
                write(member.value)
            }
            byte("}")
        }
    }
}
