import Foundation

/// A JSON value whose objects keep their members in written order. GraphQL needs that order twice:
/// a request's `variables` are coerced member by member, and a response's keys follow the query.
/// Also the form coerced argument values take when they reach a resolver.
public indirect enum GraphQLJSONValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([GraphQLJSONValue])
    case object([(key: String, value: GraphQLJSONValue)])

    public static func == (a: GraphQLJSONValue, b: GraphQLJSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): Double(x) == y
        case (.string(let x), .string(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of an object (the first, should a key repeat).
    public subscript(key: String) -> GraphQLJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    public var listValue: [GraphQLJSONValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Compact JSON text, keys in their order.
    public var description: String {
        var writer = GraphQLJSONWriter()
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The value of what `JSONSerialization` returns (NSNumber booleans told from numbers).
    /// Its dictionaries have no order, so their members come sorted by key.
    public init?(foundation value: Any?) {
        guard let value, !(value is NSNull) else { self = .null; return }
        if let text = value as? String { self = .string(text); return }
        if let number = value as? NSNumber {
            // JSONSerialization gives booleans the Objective-C type "c" (char), doubles "d" and "f".
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
            return
        }
        if let flag = value as? Bool { self = .bool(flag); return }
        if let items = value as? [Any] {
            var converted: [GraphQLJSONValue] = []
            for item in items {
                guard let element = GraphQLJSONValue(foundation: item) else { return nil }
                converted.append(element)
            }
            self = .list(converted)
            return
        }
        if let members = value as? [String: Any] {
            var converted: [(key: String, value: GraphQLJSONValue)] = []
            for key in members.keys.sorted() {
                guard let member = GraphQLJSONValue(foundation: members[key]) else { return nil }
                converted.append((key, member))
            }
            self = .object(converted)
            return
        }
        return nil
    }
}

/// A JSON text that `GraphQLJSONValue.parse` refused, with the byte offset where it stopped.
public struct GraphQLJSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var description: String { "Invalid JSON at byte \(offset)." }
}

extension GraphQLJSONValue {
    /// Parses one JSON value (RFC 8259), keeping the order of object members.
    public static func parse(_ bytes: some Collection<UInt8>) throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        var parser = JSONTextParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw GraphQLJSONSyntaxError(offset: parser.offset) }
        return value
    }

    public static func parse(_ text: String) throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        try parse(Array(text.utf8))
    }
}

/// A recursive-descent reader over UTF-8 bytes; depth is bounded so a hostile body cannot overflow the stack.
private struct JSONTextParser {
    let bytes: [UInt8]
    var offset = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private func failure() -> GraphQLJSONSyntaxError { GraphQLJSONSyntaxError(offset: offset) }

    mutating func parseValue(depth: Int) throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        guard offset < bytes.count, depth < Self.maximumDepth else { throw failure() }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseList(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: return try parseNumber()
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(GraphQLJSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw failure() }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw failure() }
        offset += count
    }

    private mutating func parseObject(depth: Int) throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        offset += 1
        var members: [(key: String, value: GraphQLJSONValue)] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure() }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure() }
            offset += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard offset < bytes.count else { throw failure() }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "}") else { throw failure() }
            offset += 1
            return .object(members)
        }
    }

    private mutating func parseList(depth: Int) throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        offset += 1
        var items: [GraphQLJSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .list(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard offset < bytes.count else { throw failure() }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw failure() }
            offset += 1
            return .list(items)
        }
    }

    private mutating func parseString() throws(GraphQLJSONSyntaxError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        var decoded: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                decoded.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw failure() }
                scalars.append(contentsOf: text.unicodeScalars)
                return String(scalars)
            }
            guard byte >= 0x20 else { throw failure() }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                guard offset < bytes.count else { throw failure() }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count,
                       bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                        let save = offset
                        offset += 2
                        let low = try parseHex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            offset = save
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw failure()
                }
                runStart = offset
                continue
            }
            offset += 1
        }
        throw failure()
    }

    private mutating func parseHex4() throws(GraphQLJSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure() }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure()
            }
            code = code << 4 | UInt32(digit)
            offset += 1
        }
        return code
    }

    private mutating func parseNumber() throws(GraphQLJSONSyntaxError) -> GraphQLJSONValue {
        let start = offset
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw failure() }
        if bytes[offset] == UInt8(ascii: "0") { offset += 1 } else { skipDigits() }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw failure() }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw failure() }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text) else { throw GraphQLJSONSyntaxError(offset: start) }
        return .double(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
}
