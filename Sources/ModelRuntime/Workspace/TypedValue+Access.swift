extension TypedValue {
    /// One step of member access, with Swift's rules (optionals need `?.`, indexes must be in range).
    package func applying(_ step: ValuePath.Step, describedAs name: String) throws(WorkspaceError) -> TypedValue {
        switch (step, type) {
        case (.member(let member, true), .optional(let wrapped)):
            if value == .null { return TypedValue(value: .null, type: .optional(wrapped.optionalResult(of: member))) }
            let inner = try TypedValue(value: value, type: wrapped)
                .applying(.member(member, optionalChain: false), describedAs: name)
            if case .optional = inner.type { return inner }
            return TypedValue(value: inner.value, type: .optional(inner.type))
        case (.member(let member, false), .optional(let wrapped)):
            throw .message("value of optional type '\(type.source)' must be unwrapped to refer to member "
                + "'\(member)' of wrapped base type '\(wrapped.source)'; use '\(name)?.\(member)'")
        case (.member("count", _), _) where value.count != nil:
            return TypedValue(value: .int(Int64(value.count ?? 0)), type: .integer(.int))
        case (.member("isEmpty", _), _) where value.count != nil:
            return TypedValue(value: .bool(value.count == 0), type: .bool)
        case (.member(let end, _), .array(let element)) where end == "first" || end == "last":
            guard case .array(let items) = value, let item = end == "first" ? items.first : items.last else {
                return TypedValue(value: .null, type: .optional(element))
            }
            return TypedValue(value: item, type: .optional(element))
        case (.member(let member, _), .structure(let schema)):
            guard let index = schema.fields.firstIndex(where: { $0.name == member }),
                  case .record(let fields) = value else {
                throw .message("value of type '\(schema.name)' has no member '\(member)'")
            }
            return TypedValue(value: fields[index], type: schema.fields[index].type)
        case (.member("rawValue", _), .enumeration(let schema)):
            guard case .enumCase(let index) = value else { break }
            if schema.rawType == .string {
                let raw = schema.stringRawValues.first { $0.value == index }?.key ?? schema.caseNames[index]
                return TypedValue(value: .string(raw), type: .string)
            }
            let raw = schema.intRawValues.first { $0.value == index }?.key ?? 0
            guard case .integer(let kind) = schema.rawType else { break }
            return TypedValue(value: kind.isSigned ? .int(raw) : .uint(UInt64(clamping: raw)), type: .integer(kind))
        case (.index(let index), .array(let element)):
            guard case .array(let items) = value else { break }
            guard items.indices.contains(index) else {
                throw .message("index \(index) is out of range: '\(name)' has \(items.count) elements")
            }
            return TypedValue(value: items[index], type: element)
        case (.key(let key), .dictionary(.string, let element)):
            guard case .dictionary(let keys, let values) = value else { break }
            guard let position = keys.firstIndex(of: .string(key)) else {
                return TypedValue(value: .null, type: .optional(element))
            }
            return TypedValue(value: values[position], type: .optional(element))
        case (.index(let key), .dictionary(.integer(.int), let element)):
            guard case .dictionary(let keys, let values) = value else { break }
            guard let position = keys.firstIndex(of: .int(Int64(key))) else {
                return TypedValue(value: .null, type: .optional(element))
            }
            return TypedValue(value: values[position], type: .optional(element))
        default:
            break
        }
        switch step {
        case .member(let member, _):
            throw .message("value of type '\(type.source)' has no member '\(member)'")
        case .index, .key:
            throw .message("value of type '\(type.source)' has no subscripts")
        }
    }
}

extension ResolvedType {
    /// The type of `member` on a value of this type, for `?.` on nil (the wrapped result type).
    func optionalResult(of member: String) -> ResolvedType {
        switch (member, self) {
        case ("count", _): return .integer(.int)
        case ("isEmpty", _): return .bool
        case ("first", .array(let element)), ("last", .array(let element)): return element
        case ("rawValue", .enumeration(let schema)):
            if case .integer(let kind) = schema.rawType { return .integer(kind) }
            return .string
        case (_, .structure(let schema)):
            guard let field = schema.fields.first(where: { $0.name == member }) else { return self }
            if case .optional(let inner) = field.type { return inner }
            return field.type
        default:
            return self
        }
    }
}

extension TypedValue {
    /// The value at `steps` (`.title`, `[0]`, `["key"]`, `.count`) from this one, bound as `name`;
    /// a step the value cannot take says so in Swift's words.
    public func following(_ steps: [ValuePath.Step], from name: String) throws(WorkspaceError) -> TypedValue {
        var current = self
        var described = name
        for step in steps {
            current = try current.applying(step, describedAs: described)
            switch step {
            case .member(let member, let chained): described += (chained ? "?." : ".") + member
            case .index(let index): described += "[\(index)]"
            case .key(let key): described += "[\(key.debugDescription)]"
            }
        }
        return current
    }
}
