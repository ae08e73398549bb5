import Foundation
@testable import WorkbenchKit

/// A JSON value as plain Swift data, to compare our document with Foundation's JSONDecoder.
enum ReferenceValue: Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ReferenceValue])
    case object([String: ReferenceValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ReferenceValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ReferenceValue].self))
        }
    }

    /// Foundation's reading of `text`.
    static func foundation(_ text: String) throws -> ReferenceValue {
        try JSONDecoder().decode(ReferenceValue.self, from: Data(text.utf8))
    }

    /// Our document's reading of a node (first of duplicate keys wins, as in JSONDecoder).
    init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool: self = .bool(node.bool!)
        case .number: self = .number(node.double ?? .nan)
        case .string: self = .string(node.string!)
        case .array: self = .array(node.elements.map(ReferenceValue.init))
        case .object:
            var members: [String: ReferenceValue] = [:]
            for (key, value) in node.members where members[key] == nil {
                members[key] = ReferenceValue(value)
            }
            self = .object(members)
        }
    }
}

/// Deterministic random JSON text for property tests (SplitMix64, so failures reproduce).
struct RandomJSON {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A value up to `depth` levels deep, with random whitespace between tokens.
    mutating func value(depth: Int) -> String {
        switch below(depth > 0 ? 8 : 5) {
        case 0: return ["null", "true", "false"][below(3)]
        case 1, 2: return number()
        case 3, 4: return string()
        case 5: return "[" + space() + (0..<below(5)).map { _ in value(depth: depth - 1) }.joined(separator: space() + "," + space()) + space() + "]"
        default:
            let members = (0..<below(5)).map { _ in string() + space() + ":" + space() + value(depth: depth - 1) }
            return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
        }
    }

    mutating func space() -> String { ["", "", "", " ", "\n  ", "\t", "\r\n"][below(7)] }

    mutating func number() -> String {
        var text = below(3) == 0 ? "-" : ""
        text += below(4) == 0 ? "0" : String(1 + below(9)) + (0..<below(12)).map { _ in String(below(10)) }.joined()
        if below(3) == 0 { text += "." + (0..<(1 + below(8))).map { _ in String(below(10)) }.joined() }
        if below(4) == 0 { text += ["e", "E", "e+", "e-", "E-"][below(5)] + String(below(300)) }
        return text
    }

    mutating func string() -> String {
        let pieces = ["a", "Z", " ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u00e9", "\\ud83d\\ude00", "\\u0000", "key", "\\b\\f\\r"]
        return "\"" + (0..<below(6)).map { _ in pieces[below(pieces.count)] }.joined() + "\""
    }
}
