import Foundation
import WorkbenchKit

/// Dictionaries, read as `Dictionary.init(from:)` reads them: from an object when the key is `String`,
/// `Int` or a `CodingKeyRepresentable` enum, else from a flat array `[key, value, key, value, …]`.
extension ModelDecoder {
    func dictionary(_ form: DictionaryForm, key keyType: ResolvedType, value element: ResolvedType,
                    _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        if form == .flatArray { return try flatDictionary(key: keyType, value: element, node) }
        guard node.isObject else {
            if node.isNull {
                throw DecodingFailure(.valueNotFound("Dictionary<String, Any>"), codingPath: [],
                                      debugDescription: "Cannot get keyed decoding container -- found null value instead")
            }
            throw mismatch("Dictionary<String, Any>", node)
        }
        // JSONDecoder reads every key when it opens the object: a malformed one fails before any value.
        var keyCheck = node.members.makeIterator()
        while let (keyNode, _) = keyCheck.nextNodes() {
            if keyNode.isMalformed { throw DecodingFailure.invalidJSON }
        }
        var keys: [ModelValue] = [], values: [ModelValue] = []
        var seen: Set<String> = []
        var iterator = node.members.makeIterator()
        while let (keyNode, member) = iterator.nextNodes() {
            var key = try memberKey(keyNode)
            // JSONDecoder reads `[String: …]` itself, without the key strategy; other keys go through a keyed container.
            if form != .stringKeys && options.keys == .convertFromSnakeCase { key = convertFromSnakeCase(key) }
            let component = Self.pathComponent(forDictionaryKey: key)
            guard seen.insert(key).inserted else {
                // The first value of a repeated key is kept; with a key strategy JSONDecoder still
                // decodes the later ones, and their errors fail the decode (found by `make fuzz`).
                if options.keys == .convertFromSnakeCase {
                    do {
                        _ = try value(element, member)
                    } catch {
                        throw error.throughOptional(element.isOptional).prefixed(component)
                    }
                }
                continue
            }
            let converted: ModelValue
            switch form {
            case .intKeys:
                guard let number = Int(key) else {
                    throw DecodingFailure(.typeMismatch("Int"), codingPath: [component],
                                          debugDescription: "Expected Int key but found String key instead.")
                }
                converted = .int(Int64(number))
            case .codingKeyRepresentable(let schema):
                guard let index = schema.caseIndex(codingKey: key) else {
                    throw DecodingFailure(.dataCorrupted, codingPath: [component],
                                          debugDescription: "Could not convert key to type \(schema.name)")
                }
                converted = .enumCase(index)
            case .stringKeys, .flatArray:
                converted = .string(key)
            }
            do {
                values.append(try value(element, member))
            } catch {
                throw error.throughOptional(element.isOptional).prefixed(component)
            }
            keys.append(converted)
        }
        return .dictionary(keys: keys, values: values)
    }

    /// A dictionary key in a coding path: Swift's dictionary coding key has an `intValue` whenever
    /// the key reads as an `Int`, and a path prints such a key as `[1]`.
    static func pathComponent(forDictionaryKey key: String) -> CodingPathComponent {
        Int(key).map { .intKey($0) } ?? .key(key)
    }

    /// `[key, value, key, value, …]`; a repeated key keeps its last value, as `self[key] = value` does.
    private func flatDictionary(key keyType: ResolvedType, value element: ResolvedType,
                                _ node: JSONNode) throws(DecodingFailure) -> ModelValue {
        guard node.isArray else {
            if node.isNull {
                throw DecodingFailure(.valueNotFound("Array<Any>"), codingPath: [],
                                      debugDescription: "Cannot get unkeyed decoding container -- found null value instead")
            }
            throw mismatch("Array<Any>", node)
        }
        guard node.count % 2 == 0 else {
            throw corrupted("Expected collection of key-value pairs; encountered odd-length array instead.")
        }
        var keys: [ModelValue] = [], values: [ModelValue] = []
        var pendingKey = ModelValue.null
        for (index, item) in node.elements.enumerated() {
            let isKey = index % 2 == 0
            let type = isKey ? keyType : element
            let decoded: ModelValue
            do {
                decoded = try value(type, item)
            } catch {
                throw error.throughOptional(type.isOptional).prefixed(.index(index))
            }
            if isKey {
                pendingKey = decoded
            } else if let existing = keys.firstIndex(of: pendingKey) {
                values[existing] = decoded
            } else {
                keys.append(pendingKey)
                values.append(decoded)
            }
        }
        return .dictionary(keys: keys, values: values)
    }
}

extension EnumSchema {
    /// The case `init?(codingKey:)` gives for a key: by raw value, a string key for `String` raw
    /// values, the key's `Int` reading for `Int` ones.
    func caseIndex(codingKey key: String) -> Int? {
        if rawType == .string { return stringRawValues[key] }
        return Int(key).flatMap { intRawValues[Int64($0)] }
    }
}
