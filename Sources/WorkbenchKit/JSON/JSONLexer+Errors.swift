/// Error construction, kept out of the hot loops.
extension JSONLexer {
    @inline(never)
    static func error(_ p: UnsafePointer<UInt8>, _ offset: Int, _ end: Int, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(at: offset, in: UnsafeRawBufferPointer(start: p, count: end), message)
    }

    @inline(never)
    static func unterminatedString(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> JSONSyntaxError {
        error(p, end, end, "expected '\"' to close the string that starts at \(position(p, start, end)), found the end of the input")
    }

    @inline(never)
    static func invalidUTF8(_ p: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> JSONSyntaxError {
        error(p, offset, end, "expected UTF-8 text in a string, found invalid byte 0x\(String(p[offset], radix: 16, uppercase: true))")
    }

    /// `line L, column C` of an offset, for messages that point back at an earlier place.
    static func position(_ p: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> String {
        let place = JSONSyntaxError(at: offset, in: UnsafeRawBufferPointer(start: p, count: end), "")
        return "line \(place.line), column \(place.column)"
    }

    /// How a message names what is at `offset`: a quoted token, a control character or the end.
    @inline(never)
    static func describeFound(_ p: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> String {
        guard offset < end else { return "the end of the input" }
        let c = p[offset]
        if c < 0x20 || c == 0x7F {
            let code = String(c, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: 4 - code.count))\(code)"
        }
        if c >= 0x80 {
            guard let after = try? scanUTF8Scalar(p, offset, end) else {
                return "invalid UTF-8 byte 0x\(String(c, radix: 16, uppercase: true))"
            }
            return "'\(String(decoding: UnsafeBufferPointer(start: p + offset, count: after - offset), as: UTF8.self))'"
        }
        var stop = offset + 1
        if isWordByte(c) {
            while stop < end, stop - offset < 24, isWordByte(p[stop]) { stop += 1 }
        } else if c == 0x22 {
            while stop < end, stop - offset < 24, p[stop] != 0x22, p[stop] >= 0x20 { stop += 1 }
            if stop < end, p[stop] == 0x22 { stop += 1 }
        }
        var text = String(decoding: UnsafeBufferPointer(start: p + offset, count: stop - offset), as: UTF8.self)
        if stop - offset >= 24, stop < end { text += "…" }
        return "'\(text)'"
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D, 0x2E, 0x5F: true
        default: false
        }
    }
}

/// What the grammar wanted where a value was missing; chooses the error's wording.
enum JSONValueContext {
    case topLevel, afterColon, firstElement, afterComma

    func message(found: String) -> String {
        switch self {
        case .topLevel: "expected a JSON value, found \(found)"
        case .afterColon: "expected a value after ':', found \(found)"
        case .firstElement: "expected a value or ']', found \(found)"
        case .afterComma: "expected a value after ',' in an array, found \(found)"
        }
    }
}
