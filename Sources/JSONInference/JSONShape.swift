import WorkbenchKit

/// The merged shape of JSON values seen at one place in a document.
indirect enum JSONShape {
    case unknown
    case int
    case double
    case bool
    case string
    case object(ObjectShape)
    case array(JSONShape)
    /// Values of kinds no single Swift type decodes (a string here, a number there).
    case mixed
    /// Array elements that are sometimes null.
    case optional(JSONShape)

    static func of(_ node: JSONNode) -> (shape: JSONShape, isNull: Bool) {
        switch node.kind {
        case .null: return (.unknown, true)
        case .bool: return (.bool, false)
        case .string: return (.string, false)
        case .number: return (node.int64 != nil ? .int : .double, false)
        case .array:
            var element = JSONShape.unknown
            var nullable = false
            for item in node.elements {
                let (shape, isNull) = of(item)
                nullable = nullable || isNull
                element = element.merged(with: shape)
            }
            return (.array(nullable && !element.isUnknown ? .optional(element) : element), false)
        case .object:
            let object = ObjectShape()
            object.add(node)
            return (.object(object), false)
        }
    }

    var isUnknown: Bool { if case .unknown = self { true } else { false } }

    func merged(with other: JSONShape) -> JSONShape {
        switch (self, other) {
        case (.unknown, _): return other
        case (_, .unknown): return self
        case (.int, .int): return .int
        case (.int, .double), (.double, .int), (.double, .double): return .double
        case (.bool, .bool): return .bool
        case (.string, .string): return .string
        case (.object(let left), .object(let right)):
            left.merge(right)
            return .object(left)
        case (.array(let left), .array(let right)): return .array(left.merged(with: right))
        case (.optional(let left), .optional(let right)): return .optional(left.merged(with: right))
        case (.optional(let left), _): return .optional(left.merged(with: other))
        case (_, .optional(let right)): return .optional(merged(with: right))
        default: return .mixed
        }
    }
}

/// The members seen in the objects at one place, in first-seen order.
final class ObjectShape {
    var keys: [String] = []
    var members: [String: JSONShape] = [:]
    var presence: [String: Int] = [:]
    var nullSeen: Set<String> = []
    var objectCount = 0

    func add(_ node: JSONNode) {
        objectCount += 1
        var seenHere: Set<String> = []
        for (key, value) in node.members {
            guard seenHere.insert(key).inserted else { continue }  // JSONDecoder uses the first
            let (shape, isNull) = JSONShape.of(value)
            if members[key] == nil {
                keys.append(key)
                members[key] = shape
            } else if let existing = members[key] {
                members[key] = existing.merged(with: shape)
            }
            presence[key, default: 0] += 1
            if isNull { nullSeen.insert(key) }
        }
    }

    func merge(_ other: ObjectShape) {
        guard other !== self else { return }
        objectCount += other.objectCount
        for key in other.keys {
            guard let shape = other.members[key] else { continue }
            if let mine = members[key] {
                members[key] = mine.merged(with: shape)
            } else {
                keys.append(key)
                members[key] = shape
            }
            presence[key, default: 0] += other.presence[key] ?? 0
        }
        nullSeen.formUnion(other.nullSeen)
    }

    func isOptional(_ key: String) -> Bool {
        nullSeen.contains(key) || (presence[key] ?? 0) < objectCount
    }
}
