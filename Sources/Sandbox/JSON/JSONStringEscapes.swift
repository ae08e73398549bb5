/// JSON string escapes, both ways.
enum JSONStringEscapes {
    /// Decodes the inside of a string literal (without its quotes); `offset` locates errors.
    static func decode(_ inner: ArraySlice<UInt8>, at offset: Int) throws(JSONScanError) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = inner.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        while index < inner.endIndex {
            let byte = inner[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            guard index + 1 < inner.endIndex else { throw .badEscape(at: offset) }
            let escaped = inner[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
            case UInt8(ascii: "u"):
                var unit = try hex4(inner, at: index, offset: offset)
                index += 4
                if (0xD800..<0xDC00).contains(unit), index + 6 <= inner.endIndex,
                   inner[index] == UInt8(ascii: "\\"), inner[index + 1] == UInt8(ascii: "u") {
                    let low = try hex4(inner, at: index + 2, offset: offset)
                    if (0xDC00..<0xE000).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default:
                throw .badEscape(at: offset)
            }
        }
        flush()
        return String(scalars)
    }

    /// The JSON literal for `text`, quotes included; non-ASCII text is kept as UTF-8.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func hex4(_ bytes: ArraySlice<UInt8>, at index: Int, offset: Int) throws(JSONScanError) -> UInt32 {
        guard index + 4 <= bytes.endIndex,
              let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw .badEscape(at: offset) }
        return value
    }
}
