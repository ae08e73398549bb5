extension JSONLexer {
    /// Validates the escape whose backslash is at `start`; returns the offset after it.
    static func scanEscape(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(JSONSyntaxError) -> Int {
        let i = start + 1
        guard i < end else { throw unterminatedString(p, start, end) }
        switch p[i] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            return i + 1
        case 0x75:
            let unit = try hexUnit(p, start, end)
            if unit & 0xFC00 == 0xDC00 {
                throw error(p, start, end, "expected a high surrogate before '\\u\(hex(unit))', found a lone low surrogate")
            }
            guard unit & 0xFC00 == 0xD800 else { return start + 6 }
            let next = start + 6
            guard next + 1 < end, p[next] == 0x5C, p[next + 1] == 0x75 else {
                throw error(p, next, end, "expected a low surrogate '\\uDC00'–'\\uDFFF' after '\\u\(hex(unit))', found \(describeFound(p, next, end))")
            }
            let low = try hexUnit(p, next, end)
            guard low & 0xFC00 == 0xDC00 else {
                throw error(p, next, end, "expected a low surrogate '\\uDC00'–'\\uDFFF' after '\\u\(hex(unit))', found '\\u\(hex(low))'")
            }
            return next + 6
        default:
            throw error(p, i, end, "expected an escape character (\" \\ / b f n r t u) after '\\', found \(describeFound(p, i, end))")
        }
    }

    /// The UTF-16 code unit of the `\uXXXX` escape whose backslash is at `start`.
    static func hexUnit(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        var i = start + 2
        while i < start + 6 {
            guard i < end, let digit = hexValue(p[i]) else {
                var j = start + 2
                while j < min(end, start + 6), p[j] != 0x22 { j += 1 }
                let text = String(decoding: UnsafeBufferPointer(start: p + start + 2, count: j - start - 2), as: UTF8.self)
                throw error(p, start, end, "expected four hex digits after '\\u', found '\(text)'")
            }
            value = value << 4 | UInt16(digit)
            i += 1
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Validates one UTF-8 encoded scalar of two to four bytes at `start`; returns the offset after it.
    static func scanUTF8Scalar(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(JSONSyntaxError) -> Int {
        let lead = p[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(p, start, end)
        }
        guard start + length <= end else { throw invalidUTF8(p, start, end) }
        let second = p[start + 1]
        guard second >= low, second <= high else { throw invalidUTF8(p, start, end) }
        var i = start + 2
        while i < start + length {
            guard p[i] & 0xC0 == 0x80 else { throw invalidUTF8(p, start, end) }
            i += 1
        }
        return start + length
    }
}
