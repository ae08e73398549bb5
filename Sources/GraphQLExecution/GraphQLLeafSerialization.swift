/// Result coercion of scalars and enums (spec §3.5, §3.9) as GraphQLSwift's scalars serialize:
/// what a resolver may return for each, and the message when it returned something else.
enum GraphQLLeafSerialization {
    /// Writes `value` as `type`; returns the error message instead when it cannot.
    static func write(_ value: Any, as type: GraphQLTypeDefinition, to writer: inout GraphQLJSONWriter) -> String? {
        if type.kind == .ENUM {
            guard let name = value as? String, type.enumValueNames.contains(name) else {
                return "Enum \"\(type.name)\" cannot represent value: \(value)."
            }
            writer.string(name)
            return nil
        }
        switch type.name {
        case "String":
            switch value {
            case let text as String: writer.string(text)
            case let flag as Bool: writer.string(flag ? "true" : "false")
            case let number as Int: writer.string(String(number))
            case let number as Double where number.isFinite: writer.string(number.description)
            default: return "String cannot represent value: \(value)"
            }
        case "ID":
            switch value {
            case let text as String: writer.string(text)
            case let number as Int: writer.string(String(number))
            default: return "ID cannot represent value: \(value)"
            }
        case "Boolean":
            switch value {
            case let flag as Bool: writer.bool(flag)
            case let number as Int: writer.bool(number != 0)
            default: return "Boolean cannot represent a non boolean value: \(value)"
            }
        case "Int":
            switch value {
            case let flag as Bool: writer.int(flag ? 1 : 0)
            case let number as Int where Int32(exactly: number) != nil: writer.int(number)
            case let number as Double where number.isFinite && Int32(exactly: number.rounded(.towardZero)) != nil:
                writer.int(Int(number))
            case let text as String where Int32(text) != nil: writer.int(Int(text)!)
            default: return "Int cannot represent non-integer value: \(value)"
            }
        case "Float":
            switch value {
            case let flag as Bool: writer.double(flag ? 1 : 0)
            case let number as Double where number.isFinite: writer.double(number)
            case let number as Int: writer.double(Double(number))
            case let text as String where Double(text) != nil: writer.double(Double(text)!)
            default: return "Float cannot represent non numeric value: \(value)"
            }
        default:
            // A custom scalar: whatever JSON the value is.
            switch value {
            case let json as GraphQLJSONValue: writer.write(json)
            case let text as String: writer.string(text)
            case let flag as Bool: writer.bool(flag)
            case let number as Int: writer.int(number)
            case let number as Double: writer.double(number)
            default: writer.string(String(describing: value))
            }
        }
        return nil
    }
}
