import WorkbenchKit

/// A JSON value the sandbox builds itself (echoes, errors), printed with a stable key order.
indirect enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    /// Bytes of a JSON value taken from a dataset or a request, written out unchanged.
    case raw([UInt8])

    /// The value as UTF-8 JSON: compact, or indented by two spaces with `"key": value`.
    func rendered(pretty: Bool) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, pretty: pretty, depth: 0)
        return out
    }

    private func write(to out: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: Array("{}".utf8)) }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, pretty: pretty, depth: depth + 1)
                out.append(contentsOf: Array(JSONString.quoted(member.key).utf8))
                out.append(contentsOf: Array((pretty ? ": " : ":").utf8))
                member.value.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            Self.newline(&out, pretty: pretty, depth: depth)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else { return out.append(contentsOf: Array("[]".utf8)) }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, pretty: pretty, depth: depth + 1)
                element.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            Self.newline(&out, pretty: pretty, depth: depth)
            out.append(UInt8(ascii: "]"))
        case .string(let text): out.append(contentsOf: Array(JSONString.quoted(text).utf8))
        case .int(let number): out.append(contentsOf: Array(String(number).utf8))
        case .double(let number):
            let text = number.isFinite ? (number == number.rounded() && abs(number) < 1e15
                ? String(Int(number)) : String(number)) : "null"
            out.append(contentsOf: Array(text.utf8))
        case .bool(let flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .null: out.append(contentsOf: Array("null".utf8))
        case .raw(let bytes): out.append(contentsOf: bytes)
        }
    }

    private static func newline(_ out: inout [UInt8], pretty: Bool, depth: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}

/// Layout changes that keep every value's bytes as they are in the dataset.
enum JSONLayout {
    /// The value with all whitespace outside strings removed.
    static func minified(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
                var inString = false
                var escaped = false
                count = 0
                for byte in source {
                    if inString {
                        if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                    } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                        continue
                    } else if byte == 0x22 {
                        inString = true
                    }
                    target[count] = byte
                    count += 1
                }
            }
        }
    }

    /// The value with `removing` leading spaces taken off each continuation line and `adding` put on.
    ///
    /// JSON strings cannot hold a raw newline, so every newline in a value is layout.
    static func reindented(_ bytes: ArraySlice<UInt8>, removing: Int, adding: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            guard byte == 0x0A else { continue }
            var skipped = 0
            while skipped < removing, index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
                index += 1
                skipped += 1
            }
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: adding))
        }
        return out
    }
}
