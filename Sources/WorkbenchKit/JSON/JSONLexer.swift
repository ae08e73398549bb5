/// Byte-level pieces of the JSON grammar shared by the parser, the printer and the validator.
///
/// Everything works on a raw pointer and an end offset so the hot loops stay free of bounds
/// checks, generics and allocation; errors are built out of line.
enum JSONLexer {
    /// Deepest nesting accepted, the same limit as Foundation's JSONDecoder.
    static let maxDepth = 512

    /// The byte offset after a UTF-8 byte order mark, which Foundation also accepts.
    @inline(__always)
    static func skipByteOrderMark(_ p: UnsafePointer<UInt8>, _ end: Int) -> Int {
        if end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { return 3 }
        return 0
    }

    @inline(__always)
    static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end {
            let c = p[i]
            if c > 0x20 { break }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { break }
        }
        return i
    }

    /// Scans the string whose opening quote is at `start`; returns the offset of its closing quote
    /// and whether it holds escapes. Validates escapes, surrogate pairs and UTF-8.
    @inline(__always)
    static func scanString(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int
    ) throws(JSONSyntaxError) -> (close: Int, escaped: Bool) {
        var i = start + 1
        var escaped = false
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight bytes at a time until a quote, a backslash, a control or a non-ASCII byte.
            while i &+ 8 <= end {
                let v = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let q = v ^ (ones &* 0x22)
                let b = v ^ (ones &* 0x5C)
                let special = ((q &- ones) & ~q) | ((b &- ones) & ~b) | ((v &- ones &* 0x20) & ~v) | v
                let mask = special & high
                if mask == 0 {
                    i &+= 8
                } else {
                    i &+= mask.trailingZeroBitCount >> 3
                    break
                }
            }
            guard i < end else { throw unterminatedString(p, start, end) }
            let c = p[i]
            if c == 0x22 { return (i, escaped) }
            if c == 0x5C {
                escaped = true
                i = try scanEscape(p, i, end)
            } else if c < 0x20 {
                throw error(p, i, end, "expected a character or an escape in a string, found \(describeFound(p, i, end))")
            } else if c >= 0x80 {
                i = try scanUTF8Scalar(p, i, end)
            } else {
                i &+= 1
            }
        }
    }

    /// Scans the number starting at `start`; returns its end and whether it is written as an integer.
    @inline(__always)
    static func scanNumber(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int
    ) throws(JSONSyntaxError) -> (end: Int, isInteger: Bool) {
        var i = start
        if p[i] == 0x2D {
            i &+= 1
            guard i < end, isDigit(p[i]) else {
                throw error(p, i, end, "expected a digit after '-', found \(describeFound(p, i, end))")
            }
        }
        if p[i] == 0x30 {
            i &+= 1
            if i < end, isDigit(p[i]) {
                var j = i
                while j < end, isDigit(p[j]) { j &+= 1 }
                let text = String(decoding: UnsafeBufferPointer(start: p + start, count: j - start), as: UTF8.self)
                throw error(p, start, end, "expected a number without a leading zero, found '\(text)'")
            }
        } else {
            while i < end, isDigit(p[i]) { i &+= 1 }
        }
        var isInteger = true
        if i < end, p[i] == 0x2E {
            isInteger = false
            i &+= 1
            guard i < end, isDigit(p[i]) else {
                throw error(p, i, end, "expected a digit after the decimal point, found \(describeFound(p, i, end))")
            }
            while i < end, isDigit(p[i]) { i &+= 1 }
        }
        if i < end, p[i] | 0x20 == 0x65 {
            isInteger = false
            i &+= 1
            if i < end, p[i] == 0x2B || p[i] == 0x2D { i &+= 1 }
            guard i < end, isDigit(p[i]) else {
                throw error(p, i, end, "expected a digit in the exponent, found \(describeFound(p, i, end))")
            }
            while i < end, isDigit(p[i]) { i &+= 1 }
        }
        return (i, isInteger)
    }

    /// Matches `true`, `false` or `null` at `start`: the literal's length, or 0 when none matches.
    @inline(__always)
    static func matchLiteral(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        guard start &+ 4 <= end else { return 0 }
        let word = UnsafeRawPointer(p + start).loadUnaligned(as: UInt32.self)
        // Little-endian words of "true", "null" and "fals".
        if word == 0x6575_7274 || word == 0x6C6C_756E { return 4 }
        if word == 0x736C_6166, start &+ 5 <= end, p[start &+ 4] == 0x65 { return 5 }
        return 0
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
}
