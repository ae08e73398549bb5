import Foundation
import WorkbenchKit

extension ModelDecoder {
    /// A string; `nullTypeName` is the type JSONDecoder names when it finds null (`URL`, `Date`).
    func string(_ node: JSONNode, nullTypeName: String) throws(DecodingFailure) -> String {
        guard let text = node.string else {
            if node.isMalformed && node.isString { throw DecodingFailure.invalidJSON }
            throw mismatch(node.isNull ? nullTypeName : "String", node)
        }
        return text
    }

    /// A string's node, checked as `string(_:nullTypeName:)` checks it, for a value that reads its
    /// text from the document when used.
    func stringNode(_ node: JSONNode, nullTypeName: String) throws(DecodingFailure) -> JSONNode {
        guard node.isString, !node.isMalformed else {
            if node.isMalformed && node.isString { throw DecodingFailure.invalidJSON }
            throw mismatch(node.isNull ? nullTypeName : "String", node)
        }
        return node
    }

    /// An integer with JSONDecoder's conversions: `1.0` and `1e2` fit, `1.5` and overflow are invalid JSON.
    func integer(_ kind: IntegerKind, _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        guard node.isNumber else { throw mismatch(kind.rawValue, node) }
        let range = kind.range
        if node.isInteger {
            if kind.isSigned {
                if let value = node.int64, value >= range.min, value <= Int64(clamping: range.max) { return .int(value) }
            } else if let value = node.uint64, value <= range.max {
                return .uint(value)
            }
        }
        // JSONDecoder's slow path: through Double when exact and below 2^53, else through Decimal.
        guard let text = node.numberText, let double = node.double else { throw DecodingFailure.invalidJSON }
        if let value = Self.exactInteger(double, kind) {
            if double.magnitude < 9_007_199_254_740_992 { return value }
        } else {
            throw DecodingFailure.invalidJSON
        }
        guard let value = Self.integerThroughDecimal(text, kind) else { throw DecodingFailure.invalidJSON }
        return value
    }

    static func exactInteger(_ double: Double, _ kind: IntegerKind) -> ModelValue? {
        if kind.isSigned {
            guard let value = Int64(exactly: double), value >= kind.range.min, value <= Int64(clamping: kind.range.max)
            else { return nil }
            return .int(value)
        }
        guard let value = UInt64(exactly: double), value <= kind.range.max else { return nil }
        return .uint(value)
    }

    /// The mantissa digits scaled by the exponent, truncating a fraction, as `FixedWidthInteger(Decimal)` does.
    static func integerThroughDecimal(_ text: String, _ kind: IntegerKind) -> ModelValue? {
        var negative = false
        var mantissa: UInt64 = 0
        var exponent = 0
        var seenDot = false
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") { seenDot = true; continue }
            let (times, o1) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - 48))
            if o1 || o2 { return nil }
            mantissa = sum
            if seenDot { exponent -= 1 }
        }
        if !bytes.isEmpty, let written = Int(String(Substring(bytes.dropFirst()))) { exponent += written }
        while exponent < 0 { mantissa /= 10; exponent += 1 }
        while exponent > 0 {
            let (times, overflow) = mantissa.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            mantissa = times
            exponent -= 1
        }
        if negative {
            guard kind.isSigned, let magnitude = Int64(exactly: mantissa), -magnitude >= kind.range.min else { return nil }
            return .int(-magnitude)
        }
        guard mantissa <= kind.range.max else { return nil }
        return kind.isSigned ? .int(Int64(mantissa)) : .uint(mantissa)
    }

    /// A Double that is finite and not a non-zero number rounded to zero.
    func double(_ node: JSONNode) throws(DecodingFailure) -> Double {
        guard let value = node.double, value != 0 || Self.isTrueZero(node.numberText ?? "") else {
            throw DecodingFailure.invalidJSON
        }
        return value
    }

    func float(_ node: JSONNode) throws(DecodingFailure) -> Float {
        let text = node.numberText ?? ""
        guard let value = Float(text), value.isFinite, value != 0 || Self.isTrueZero(text) else {
            throw DecodingFailure.invalidJSON
        }
        return value
    }

    /// Whether every digit before the exponent is zero, as JSONDecoder checks a Double or Float that
    /// came out 0 — which on Linux also refuses exactly `0eN` with one non-zero digit N (`0e3`; `0e0`,
    /// `0e10`, `0e+3`, `-0e3` pass), found by `make fuzz` (FuzzDecoder).
    static func isTrueZero(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        if utf8.count == 3, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "e"),
           utf8[2] >= UInt8(ascii: "1"), utf8[2] <= UInt8(ascii: "9") {
            return false
        }
        for byte in utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    func decimal(_ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        if node.isMalformed { throw DecodingFailure.invalidJSON }
        guard node.isNumber, let text = node.numberText else {
            if node.isNull { throw mismatch("Decimal", node) }
            throw DecodingFailure(.typeMismatch("Decimal"), codingPath: [], debugDescription: "")
        }
        guard node.double != nil, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingFailure.invalidJSON
        }
        return .decimal(value)
    }

    func date(_ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        if node.isNull { throw mismatch("Date", node) }
        switch options.dates {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970:
            guard node.isNumber else { throw mismatch("Double", node) }
            let seconds = try double(node)
            switch options.dates {
            case .secondsSince1970: return .date(Date(timeIntervalSince1970: seconds))
            case .millisecondsSince1970: return .date(Date(timeIntervalSince1970: seconds / 1000))
            default: return .date(Date(timeIntervalSinceReferenceDate: seconds))
            }
        case .iso8601:
            let text = try string(node, nullTypeName: "Date")
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                var failure = corrupted("Expected date string to be ISO8601-formatted.")
                failure.skipsNextComponent = true
                throw failure
            }
            return .date(date)
        case .formatted:
            let text = try string(node, nullTypeName: "Date")
            guard let date = dateFormatter.date(from: text) else {
                throw corrupted("Date string does not match format expected by formatter.")
            }
            return .date(date)
        }
    }
}

extension ModelDecoder {
    /// An object member's key as a `String`; JSONDecoder reads every key of an object it decodes, so a
    /// malformed one fails the decode.
    func memberKey(_ node: JSONNode) throws(DecodingFailure) -> String {
        guard let key = node.string else { throw DecodingFailure.invalidJSON }
        return key
    }
}
