/// Finds the byte ranges of JSON values without building them, so records can be served byte for byte.
struct JSONScanner: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The range of the whole document's top-level value.
    func rootRange() throws(JSONScanError) -> Range<Int> {
        let start = skipWhitespace(from: 0)
        let end = try valueEnd(from: start)
        guard skipWhitespace(from: end) == bytes.count else { throw .trailingBytes(at: end) }
        return start..<end
    }

    /// The ranges of the elements of the array at `range`.
    func arrayElements(in range: Range<Int>) throws(JSONScanError) -> [Range<Int>] {
        guard range.lowerBound < range.upperBound, bytes[range.lowerBound] == UInt8(ascii: "[") else {
            throw .expected("array", at: range.lowerBound)
        }
        var elements: [Range<Int>] = []
        var index = skipWhitespace(from: range.lowerBound + 1)
        if index < range.upperBound, bytes[index] == UInt8(ascii: "]") { return [] }
        while index < range.upperBound {
            let end = try valueEnd(from: index)
            elements.append(index..<end)
            index = skipWhitespace(from: end)
            guard index < range.upperBound else { break }
            if bytes[index] == UInt8(ascii: "]") { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { throw .expected("',' or ']'", at: index) }
            index = skipWhitespace(from: index + 1)
        }
        throw .unexpectedEnd
    }

    /// The members of the object at `range`, in document order, with each value's range.
    func objectMembers(in range: Range<Int>) throws(JSONScanError) -> [JSONMember] {
        guard range.lowerBound < range.upperBound, bytes[range.lowerBound] == UInt8(ascii: "{") else {
            throw .expected("object", at: range.lowerBound)
        }
        var members: [JSONMember] = []
        var index = skipWhitespace(from: range.lowerBound + 1)
        if index < range.upperBound, bytes[index] == UInt8(ascii: "}") { return [] }
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "\"") else { throw .expected("key", at: index) }
            let keyEnd = try valueEnd(from: index)
            let key = try string(in: index..<keyEnd)
            index = skipWhitespace(from: keyEnd)
            guard index < range.upperBound, bytes[index] == UInt8(ascii: ":") else { throw .expected("':'", at: index) }
            let valueStart = skipWhitespace(from: index + 1)
            let valueEnd = try valueEnd(from: valueStart)
            members.append(JSONMember(key: key, value: valueStart..<valueEnd))
            index = skipWhitespace(from: valueEnd)
            guard index < range.upperBound else { break }
            if bytes[index] == UInt8(ascii: "}") { return members }
            guard bytes[index] == UInt8(ascii: ",") else { throw .expected("',' or '}'", at: index) }
            index = skipWhitespace(from: index + 1)
        }
        throw .unexpectedEnd
    }

    /// The decoded text of the string literal at `range`.
    func string(in range: Range<Int>) throws(JSONScanError) -> String {
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return try JSONStringEscapes.decode(inner, at: range.lowerBound)
    }

    /// The index just past the value that starts at `start`.
    func valueEnd(from start: Int) throws(JSONScanError) -> Int {
        guard start < bytes.count else { throw .unexpectedEnd }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
                var index = start + 1
                while index < buffer.count {
                    let byte = buffer[index]
                    if byte == 0x5C { index += 2 } else if byte == 0x22 { return index + 1 } else { index += 1 }
                }
                return nil
            }
            guard let end else { throw .unexpectedEnd }
            return end
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return try containerEnd(from: start)
        default:
            var index = start
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            guard Self.isScalar(bytes[start..<index]) else { throw .expected("value", at: start) }
            return index
        }
    }

    func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    private func containerEnd(from start: Int) throws(JSONScanError) -> Int {
        // The hot loop of every dataset load: raw pointers keep debug builds fast too.
        let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var depth = 0
            var index = start
            var inString = false
            while index < buffer.count {
                let byte = buffer[index]
                if inString {
                    if byte == 0x5C { index += 1 } else if byte == 0x22 { inString = false }
                } else if byte == 0x22 {
                    inString = true
                } else if byte == 0x7B || byte == 0x5B {
                    depth += 1
                } else if byte == 0x7D || byte == 0x5D {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
                index += 1
            }
            return nil
        }
        guard let end else { throw .unexpectedEnd }
        return end
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether a bare token is `true`, `false`, `null` or a number.
    private static func isScalar(_ token: ArraySlice<UInt8>) -> Bool {
        guard let first = token.first else { return false }
        if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || token.elementsEqual("null".utf8) {
            return true
        }
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return token.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}

/// One `"key": value` of an object, the value as a byte range of the scanned document.
struct JSONMember: Sendable {
    let key: String
    let value: Range<Int>
}

/// What was wrong with a document the scanner could not read.
enum JSONScanError: Error, Equatable, CustomStringConvertible {
    case unexpectedEnd
    case expected(String, at: Int)
    case trailingBytes(at: Int)
    case badEscape(at: Int)

    var description: String {
        switch self {
        case .unexpectedEnd: "JSON ends too early"
        case .expected(let what, let offset): "expected \(what) at byte \(offset)"
        case .trailingBytes(let offset): "unexpected bytes after the JSON value at byte \(offset)"
        case .badEscape(let offset): "bad escape in the string at byte \(offset)"
        }
    }
}
