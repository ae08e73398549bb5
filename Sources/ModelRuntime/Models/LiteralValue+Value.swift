import Foundation

extension LiteralValue {
    /// The value this literal gives a property of `type`, or Swift's complaint when it does not fit.
    func value(as type: ResolvedType) throws(ModelTypeError) -> ModelValue {
        func mismatch() -> ModelTypeError {
            ModelTypeError("cannot convert value of type '\(literalTypeName)' to specified type '\(type.source)'")
        }
        switch (self, type) {
        case (.null, .optional): return .null
        case (_, .optional(let wrapped)): return try value(as: wrapped)
        case (.integer(let text), .integer(let kind)):
            let digits = text.replacingOccurrences(of: "_", with: "")
            if kind.isSigned, let value = Int64(digits), value >= kind.range.min, value <= Int64(clamping: kind.range.max) {
                return .int(value)
            }
            if !kind.isSigned, let value = UInt64(digits), value <= kind.range.max { return .uint(value) }
            throw ModelTypeError("integer literal '\(text)' overflows when stored into '\(kind.rawValue)'")
        case (.integer(let text), .double), (.float(let text), .double):
            guard let value = Double(text.replacingOccurrences(of: "_", with: "")) else { throw mismatch() }
            return .double(value)
        case (.integer(let text), .float), (.float(let text), .float):
            guard let value = Float(text.replacingOccurrences(of: "_", with: "")) else { throw mismatch() }
            return .float(value)
        case (.integer(let text), .decimal), (.float(let text), .decimal):
            guard let value = Decimal(string: text.replacingOccurrences(of: "_", with: ""),
                                      locale: Locale(identifier: "en_US_POSIX")) else { throw mismatch() }
            return .decimal(value)
        case (.string(let text), .string): return .string(text)
        case (.bool(let value), .bool): return .bool(value)
        case (.array(let items), .array(let element)):
            var values: [ModelValue] = []
            for item in items { values.append(try item.value(as: element)) }
            return .array(values)
        case (.dictionary(let entries), .dictionary(let keyType, let element)):
            var keys: [ModelValue] = [], values: [ModelValue] = []
            for entry in entries {
                keys.append(try entry.key.value(as: keyType))
                values.append(try entry.value.value(as: element))
            }
            return .dictionary(keys: keys, values: values)
        case (.member(let path), .enumeration(let schema)):
            let name = String(path.split(separator: ".").last ?? "")
            guard let index = schema.caseNames.firstIndex(of: name) else {
                throw ModelTypeError("type '\(schema.name)' has no member '\(name)'")
            }
            return .enumCase(index)
        default:
            throw mismatch()
        }
    }

    /// The type Swift gives the literal on its own, for error messages.
    var literalTypeName: String {
        switch self {
        case .integer: "Int"
        case .float: "Double"
        case .string: "String"
        case .bool: "Bool"
        case .null: "nil"
        case .array: "Array"
        case .dictionary: "Dictionary"
        case .member(let path): path
        }
    }
}
