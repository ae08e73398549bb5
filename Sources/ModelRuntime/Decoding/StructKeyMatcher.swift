import Foundation
import WorkbenchKit

/// Finds which decoded field an object member's key belongs to, without building a `String` per key
/// when objects repeat their keys in the same order (the usual case for arrays of records).
final class StructKeyMatcher {
    private let keyIndex: [String: Int]
    private let snakeCase: Bool
    /// For member position i: the raw key bytes last seen there and the field they matched (-1: none).
    private var slots: [(raw: [UInt8], field: Int)] = []

    init(schema: StructSchema, snakeCase: Bool) {
        keyIndex = schema.keyIndex
        self.snakeCase = snakeCase
    }

    /// The position in `decodedFields` for the key at member `position`, or -1 when no field uses it.
    func field(for key: JSONNode, at position: Int) -> Int {
        if position < slots.count {
            let slot = slots[position]
            let same = key.withRawStringBytes { raw, hasEscapes -> Bool in
                guard !hasEscapes, raw.count == slot.raw.count else { return false }
                if raw.count == 0 { return true }
                return slot.raw.withUnsafeBytes { memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
            } ?? false
            if same { return slot.field }
        }
        return slowField(for: key, at: position)
    }

    private func slowField(for key: JSONNode, at position: Int) -> Int {
        let text = key.string ?? ""
        let name = snakeCase ? convertFromSnakeCase(text) : text
        let field = keyIndex[name] ?? -1
        let raw = key.withRawStringBytes { raw, hasEscapes -> [UInt8]? in hasEscapes ? nil : Array(raw) } ?? nil
        if let raw, position <= slots.count, position < 256 {
            if position == slots.count { slots.append((raw, field)) } else { slots[position] = (raw, field) }
        }
        return field
    }
}
