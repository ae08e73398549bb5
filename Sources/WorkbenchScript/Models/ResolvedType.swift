/// A model type with every name resolved to its declaration: what the decoder and printer walk.
public indirect enum ResolvedType: Sendable {
    case integer(IntegerKind)
    case double
    case float
    case bool
    case string
    case url
    case date
    case decimal
    case uuid
    case optional(ResolvedType)
    case array(ResolvedType)
    case stringDictionary(ResolvedType)
    case intDictionary(ResolvedType)
    case structure(StructSchema)
    case enumeration(EnumSchema)

    var isOptional: Bool { if case .optional = self { true } else { false } }

    /// The type as Swift source, with declared types by their qualified names.
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
        case .stringDictionary(let value): "[String: \(value.source)]"
        case .intDictionary(let value): "[Int: \(value.source)]"
        case .structure(let schema): schema.qualifiedName
        case .enumeration(let schema): schema.qualifiedName
        }
    }

    /// The name Swift uses in `expected value of type …` for this type's container or value.
    var decodingTypeName: String {
        switch self {
        case .integer(let kind): kind.rawValue
        case .double: "Double"
        case .float: "Float"
        case .bool: "Bool"
        case .string, .url: "String"
        case .date: "Double"
        case .decimal: "Decimal"
        case .uuid: "String"
        case .optional(let wrapped): wrapped.decodingTypeName
        case .array: "Array<Any>"
        case .stringDictionary, .intDictionary, .structure: "Dictionary<String, Any>"
        case .enumeration(let schema): schema.rawType == .string ? "String" : schema.rawType.source
        }
    }
}

/// A struct ready for decoding: its fields resolved, its JSON keys indexed.
public final class StructSchema: @unchecked Sendable {
    public let name: String
    public let qualifiedName: String
    public let isDecodable: Bool
    /// False for a struct with no stored properties: its synthesized `init(from:)` reads nothing.
    var needsContainer = true
    public internal(set) var fields: [FieldSchema] = []
    /// Indexes into `fields` of the decoded ones, in declaration order.
    var decodedFields: [Int] = []
    /// JSON key → position in `decodedFields`; the first occurrence of a key in an object wins.
    var keyIndex: [String: Int] = [:]

    init(name: String, qualifiedName: String, isDecodable: Bool) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.isDecodable = isDecodable
    }
}

/// One stored property of a resolved struct.
public struct FieldSchema: Sendable {
    public var name: String
    public var type: ResolvedType
    /// The JSON key, or nil when the property is not decoded.
    public var key: String?
    /// The value when not decoded (or the start value before decoding).
    public var defaultValue: ModelValue?
}

/// A raw-value enum ready for decoding.
public final class EnumSchema: @unchecked Sendable {
    public let name: String
    public let qualifiedName: String
    public let rawType: ModelType
    public let isDecodable: Bool
    public internal(set) var caseNames: [String] = []
    var stringRawValues: [String: Int] = [:]
    var intRawValues: [Int64: Int] = [:]

    init(name: String, qualifiedName: String, rawType: ModelType, isDecodable: Bool) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.rawType = rawType
        self.isDecodable = isDecodable
    }
}
