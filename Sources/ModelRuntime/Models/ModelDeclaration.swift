/// A `struct` or `enum` declared at the prompt or loaded from a file, as a schema; or a
/// `typealias` naming a type over them (quicktype ends array-rooted files with one).
public struct ModelDeclaration: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case structure = "struct"
        case enumeration = "enum"
        case alias = "typealias"
    }

    public var kind: Kind
    public var name: String
    /// The inheritance clause as written (`String`, `Codable`).
    public var inherited: [String]
    /// Stored properties of a struct, in declaration order.
    public var properties: [StoredProperty]
    /// Cases of an enum, in declaration order.
    public var cases: [EnumCase]
    /// The raw type of an enum (`String` or an integer type).
    public var rawType: ModelType?
    /// An explicit `CodingKeys` enum: property name → JSON key, in its order.
    public var codingKeys: [CodingKeyCase]?
    public var nested: [ModelDeclaration]
    /// Members kept but not decoded (computed properties, methods, statics), as source.
    public var keptMembers: [String]
    /// 1-based line of the declaration in its input.
    public var line: Int
    /// The type a `typealias` stands for, and where each declared name in it is written.
    public var aliased: ModelType?
    public var aliasReferences: [TypeReference] = []

    public init(kind: Kind, name: String, line: Int) {
        self.kind = kind
        self.name = name
        self.line = line
        inherited = []
        properties = []
        cases = []
        rawType = nil
        codingKeys = nil
        nested = []
        keptMembers = []
    }

    /// True when the declaration states `Decodable` (or `Codable`) conformance.
    public var isDecodable: Bool {
        states("Codable") || states("Decodable")
    }

    /// True when the inheritance clause names `proto` (plain or `Swift.`-qualified).
    func states(_ proto: String) -> Bool {
        inherited.contains { $0 == proto || $0 == "Swift." + proto }
    }

    /// An enum is always `Hashable` (no associated values here); a struct when it says so.
    var isHashable: Bool {
        kind == .enumeration || states("Hashable")
    }

    /// The properties that synthesized `init(from:)` decodes, with their JSON keys.
    var decodedProperties: [(property: StoredProperty, key: String)] {
        properties.compactMap { property in
            if property.isLet && property.defaultValue != nil { return nil }
            if let codingKeys {
                guard let entry = codingKeys.first(where: { $0.name == property.name }) else { return nil }
                return (property, entry.key)
            }
            return (property, property.name)
        }
    }

    // Equality ignores source lines, so a printed and re-parsed declaration compares equal.
    public static func == (lhs: ModelDeclaration, rhs: ModelDeclaration) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.inherited == rhs.inherited
            && lhs.properties == rhs.properties && lhs.cases == rhs.cases && lhs.rawType == rhs.rawType
            && lhs.codingKeys == rhs.codingKeys && lhs.nested == rhs.nested && lhs.keptMembers == rhs.keptMembers
            && lhs.aliased == rhs.aliased
    }
}

/// A `let` or `var` stored property.
public struct StoredProperty: Equatable, Sendable {
    public var name: String
    public var isLet: Bool
    public var type: ModelType
    public var defaultValue: LiteralValue?
    public var line: Int
    /// Each declared type named in the annotation, where it is written: a name that is still not
    /// declared when the model is used is reported there, as the compiler reports it.
    public var typeReferences: [TypeReference] = []

    package init(name: String, isLet: Bool, type: ModelType, defaultValue: LiteralValue?, line: Int, typeReferences: [TypeReference] = []) {
        (self.name, self.isLet, self.type, self.defaultValue, self.line, self.typeReferences) = (name, isLet, type, defaultValue, line, typeReferences)
    }

    public static func == (lhs: StoredProperty, rhs: StoredProperty) -> Bool {
        lhs.name == rhs.name && lhs.isLet == rhs.isLet && lhs.type == rhs.type && lhs.defaultValue == rhs.defaultValue
    }
}

/// A type name written in a property's annotation (`Language` in `[Language]?`) and its position.
public struct TypeReference: Equatable, Sendable {
    public var name: String
    public var line: Int
    public var column: Int

    package init(name: String, line: Int, column: Int) {
        (self.name, self.line, self.column) = (name, line, column)
    }
}

/// One case of an enum; `rawValue` holds the explicit raw value when one is written.
public struct EnumCase: Equatable, Sendable {
    public var name: String
    public var rawValue: LiteralValue?
    public var line: Int

    package init(name: String, rawValue: LiteralValue? = nil, line: Int) {
        (self.name, self.rawValue, self.line) = (name, rawValue, line)
    }

    public static func == (lhs: EnumCase, rhs: EnumCase) -> Bool {
        lhs.name == rhs.name && lhs.rawValue == rhs.rawValue
    }
}

/// One case of a `CodingKeys` enum: the property it names and the JSON key it uses.
public struct CodingKeyCase: Equatable, Sendable {
    public var name: String
    public var key: String
    public var hasExplicitKey: Bool { key != name }

    package init(name: String, key: String) {
        (self.name, self.key) = (name, key)
    }
}

/// A literal written as a default value or raw value.
public indirect enum LiteralValue: Equatable, Sendable {
    case integer(String)
    case float(String)
    case string(String)
    case bool(Bool)
    case null
    case array([LiteralValue])
    case dictionary([DictionaryEntry])
    /// `.name` or `Type.name`.
    case member(String)

    public struct DictionaryEntry: Equatable, Sendable {
        public var key: LiteralValue
        public var value: LiteralValue

        package init(key: LiteralValue, value: LiteralValue) {
            (self.key, self.value) = (key, value)
        }
    }

    /// The literal as Swift source.
    public var source: String {
        switch self {
        case .integer(let text), .float(let text): text
        case .string(let text): text.debugDescription
        case .bool(let value): value ? "true" : "false"
        case .null: "nil"
        case .array(let items): "[" + items.map(\.source).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            entries.isEmpty ? "[:]" : "[" + entries.map { "\($0.key.source): \($0.value.source)" }.joined(separator: ", ") + "]"
        case .member(let name): name
        }
    }
}
