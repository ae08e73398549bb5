/// A Swift type as written in a model declaration or a `decode` command.
public indirect enum ModelType: Hashable, Sendable {
    case integer(IntegerKind)
    case double
    case float
    case bool
    case string
    case url
    case date
    case decimal
    case uuid
    case optional(ModelType)
    case array(ModelType)
    case dictionary(key: ModelType, value: ModelType)
    /// A declared struct or enum, by the name written (`Post`, `Outer.Inner`).
    case named(String)

    /// The type as Swift source: `[String: Post]`, `Int?`.
    public var source: String {
        switch self {
        case .integer(let kind): kind.rawValue
        case .double: "Double"
        case .float: "Float"
        case .bool: "Bool"
        case .string: "String"
        case .url: "URL"
        case .date: "Date"
        case .decimal: "Decimal"
        case .uuid: "UUID"
        case .optional(let wrapped): wrapped.source + "?"
        case .array(let element): "[\(element.source)]"
        case .dictionary(let key, let value): "[\(key.source): \(value.source)]"
        case .named(let name): name
        }
    }

    /// The type as Swift source with `Array<…>` and `Dictionary<…, …>` for the collection sugar
    /// (`Array<Dictionary<String, Post>>?`): the same type, which swift-syntax reads in linear time
    /// however deep, where each `[` doubles its time (`ModelRegistry.stepSpelling`).
    public var unsugaredSource: String {
        switch self {
        case .optional(let wrapped): wrapped.unsugaredSource + "?"
        case .array(let element): "Array<\(element.unsugaredSource)>"
        case .dictionary(let key, let value): "Dictionary<\(key.unsugaredSource), \(value.unsugaredSource)>"
        default: source
        }
    }

    /// The built-in type a plain identifier names, if any.
    package static func builtin(_ name: String) -> ModelType? {
        switch name {
        case "Double", "Float64": .double
        case "Float", "Float32": .float
        case "Bool": .bool
        case "String": .string
        case "URL": .url
        case "Date": .date
        case "Decimal": .decimal
        case "UUID": .uuid
        default: IntegerKind(rawValue: name).map { .integer($0) }
        }
    }
}

/// Swift's fixed-width integer types.
public enum IntegerKind: String, Hashable, Sendable, CaseIterable {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

    var isSigned: Bool { !rawValue.hasPrefix("U") }

    /// The smallest and largest value, widened to `Int64`/`UInt64` bounds.
    var range: (min: Int64, max: UInt64) {
        switch self {
        case .int, .int64: (Int64.min, UInt64(Int64.max))
        case .int8: (Int64(Int8.min), UInt64(Int8.max))
        case .int16: (Int64(Int16.min), UInt64(Int16.max))
        case .int32: (Int64(Int32.min), UInt64(Int32.max))
        case .uint, .uint64: (0, UInt64.max)
        case .uint8: (0, UInt64(UInt8.max))
        case .uint16: (0, UInt64(UInt16.max))
        case .uint32: (0, UInt64(UInt32.max))
        }
    }
}
