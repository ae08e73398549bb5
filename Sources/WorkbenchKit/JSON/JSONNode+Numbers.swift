extension JSONNode {
    /// The number exactly as written (`1.0` stays `1.0`); nil for any other value and a malformed number.
    public var numberText: String? {
        withNumberBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether this is a number written without a fraction or an exponent.
    public var isInteger: Bool { entry.kindCode == JSONTapeKind.number && !entry.hasFlag }

    /// The value of a number written as an integer (no fraction, no exponent) that fits in Int64.
    public var int64: Int64? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.number, !entry.hasFlag else { return nil }
        return withNumberBytes { text -> Int64? in
            var i = 0
            let negative = text[0] == 0x2D
            if negative { i = 1 }
            // Accumulate negatively so Int64.min fits.
            var value: Int64 = 0
            while i < text.count {
                let digit = Int64(text[i] &- 0x30)
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.subtractingReportingOverflow(digit)
                if o1 || o2 { return nil }
                value = next
                i += 1
            }
            if negative { return value }
            return value == .min ? nil : -value
        } ?? nil
    }

    /// The value of a number written as a non-negative integer that fits in UInt64.
    public var uint64: UInt64? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.number, !entry.hasFlag else { return nil }
        return withNumberBytes { text -> UInt64? in
            if text[0] == 0x2D { return text.count == 2 && text[1] == 0x30 ? 0 : nil }
            var value: UInt64 = 0
            for c in text {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(UInt64(c &- 0x30))
                if o1 || o2 { return nil }
                value = next
            }
            return value
        } ?? nil
    }

    /// The nearest Double to a number; nil for any other value and, as JSONDecoder refuses them, for
    /// numbers beyond Double's range (`1e400`) or so small they would round to zero (`1e-400`).
    public var double: Double? {
        withNumberBytes { text -> Double? in
            let value = JSONNode.parseDouble(text)
            guard value.isFinite else { return nil }
            if value == 0, JSONNode.hasNonZeroDigit(text) { return nil }
            return value
        } ?? nil
    }

    /// Whether the digits before any exponent include one that is not zero.
    private static func hasNonZeroDigit(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in text {
            if c | 0x20 == 0x65 { return false }
            if c &- 0x31 < 9 { return true }
        }
        return false
    }

    @inline(__always)
    private func withNumberBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let entry = entry
        guard entry.kindCode == JSONTapeKind.number, !entry.isMalformed else { return nil }
        return body(tape.text(entry))
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses validated number text: exact fast path for up to 15 significant digits and small
    /// exponents (both operands exact, one rounding), the standard library otherwise.
    static func parseDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var i = 0
        let negative = text[0] == 0x2D
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var fast = true
        while i < text.count, JSONLexer.isDigit(text[i]) {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
                if mantissa != 0 { digits += 1 }
            } else {
                fast = false
            }
            i += 1
        }
        if i < text.count, text[i] == 0x2E {
            i += 1
            while i < text.count, JSONLexer.isDigit(text[i]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
                    if mantissa != 0 { digits += 1 }
                    scale -= 1
                } else {
                    fast = false
                }
                i += 1
            }
        }
        if i < text.count {  // exponent
            i += 1
            var exponentNegative = false
            if text[i] == 0x2D || text[i] == 0x2B {
                exponentNegative = text[i] == 0x2D
                i += 1
            }
            var exponent = 0
            while i < text.count {
                if exponent < 100_000 { exponent = exponent * 10 + Int(text[i] &- 0x30) }
                i += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        if fast, mantissa < (1 << 53), scale >= -22, scale <= 22 {
            var value = Double(mantissa)
            value = scale < 0 ? value / exactPowersOfTen[-scale] : value * exactPowersOfTen[scale]
            return negative ? -value : value
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
