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
    /// `[Key: Value]` for any `Decodable & Hashable` key; `dictionaryForm` says how JSONDecoder reads it.
    case dictionary(key: ResolvedType, value: ResolvedType)
    case structure(StructSchema)
    case enumeration(EnumSchema)
    /// `Data`, `TimeZone`, `Measurement<UnitLength>`, …: decoded by JSONDecoder itself (FoundationTypes.swift).
    case foundation(FoundationType)

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
        case .dictionary(let key, let value): "[\(key.source): \(value.source)]"
        case .structure(let schema): schema.qualifiedName
        case .enumeration(let schema): schema.qualifiedName
        case .foundation(let type): type.name
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
        case .dictionary: dictionaryForm == .flatArray ? "Array<Any>" : "Dictionary<String, Any>"
        case .structure: "Dictionary<String, Any>"
        case .enumeration(let schema): schema.rawType == .string ? "String" : schema.rawType.source
        case .foundation(let type): type.name
        }
    }
}

/// How `Dictionary.init(from:)` reads a dictionary, chosen by its key type.
enum DictionaryForm: Equatable {
    /// `String` keys: an object, keys as written (JSONDecoder's own path, no key strategy).
    case stringKeys
    /// `Int` keys: an object whose keys must read as `Int`.
    case intKeys
    /// A `CodingKeyRepresentable` enum: an object whose keys convert to a case.
    case codingKeyRepresentable(EnumSchema)
    /// Any other key type: a flat array `[key, value, key, value, …]`.
    case flatArray

    static func == (lhs: DictionaryForm, rhs: DictionaryForm) -> Bool {
        switch (lhs, rhs) {
        case (.stringKeys, .stringKeys), (.intKeys, .intKeys), (.flatArray, .flatArray): true
        case (.codingKeyRepresentable(let a), .codingKeyRepresentable(let b)): a === b
        default: false
        }
    }
}

extension ResolvedType {
    /// For a dictionary, the container JSONDecoder expects (`Dictionary`'s own `init(from:)` rules).
    var dictionaryForm: DictionaryForm {
        guard case .dictionary(let key, _) = self else { return .flatArray }
        switch key {
        case .string: return .stringKeys
        case .integer(.int): return .intKeys
        case .enumeration(let schema) where schema.isCodingKeyRepresentable: return .codingKeyRepresentable(schema)
        default: return .flatArray
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
    /// Declares `CodingKeyRepresentable`: as a dictionary key it reads from an object's keys.
    public let isCodingKeyRepresentable: Bool
    public internal(set) var caseNames: [String] = []
    var stringRawValues: [String: Int] = [:]
    var intRawValues: [Int64: Int] = [:]

    init(name: String, qualifiedName: String, rawType: ModelType, isDecodable: Bool, isCodingKeyRepresentable: Bool) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.rawType = rawType
        self.isDecodable = isDecodable
        self.isCodingKeyRepresentable = isCodingKeyRepresentable
    }
}
