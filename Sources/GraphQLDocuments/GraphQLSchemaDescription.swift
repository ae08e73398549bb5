/// A GraphQL schema as introspection describes it (spec §4.2): what `spec graphql` reads from a
/// server's `__schema`, and how the sandbox declares its own schema. Codable in the introspection
/// result's own shape, so `JSONDecoder` reads `data.__schema` directly.
public struct GraphQLSchemaDescription: Codable, Equatable, Sendable {
    public struct TypeName: Codable, Equatable, Sendable {
        public var name: String
        public init(name: String) { self.name = name }
    }

    public var queryType: TypeName
    public var mutationType: TypeName?
    public var subscriptionType: TypeName?
    public var types: [FullType]
    public var directives: [Directive]

    public init(queryType: TypeName, mutationType: TypeName? = nil, subscriptionType: TypeName? = nil, types: [FullType], directives: [Directive]) {
        self.queryType = queryType; self.mutationType = mutationType; self.subscriptionType = subscriptionType
        self.types = types; self.directives = directives
    }

    public enum Kind: String, Codable, Sendable {
        case SCALAR, OBJECT, INTERFACE, UNION, ENUM, INPUT_OBJECT, LIST, NON_NULL
    }

    /// A type reference as introspection nests it: `NON_NULL` of `LIST` of `NON_NULL` of `OBJECT Country`.
    public indirect enum TypeRef: Codable, Equatable, Sendable {
        case named(Kind, String)
        case list(TypeRef)
        case nonNull(TypeRef)
        // Codable as {"kind": …, "name": …, "ofType": …}: see GraphQLSchemaDescription+TypeRef.swift.
    }

    /// The type of that name, if the schema has one.
    public func type(named name: String) -> FullType? {
        types.first { $0.name == name }
    }

    public struct FullType: Codable, Equatable, Sendable {
        public var kind: Kind
        public var name: String
        public var description: String?
        /// OBJECT and INTERFACE; nil otherwise.
        public var fields: [Field]?
        /// INPUT_OBJECT; nil otherwise.
        public var inputFields: [InputValue]?
        public var interfaces: [TypeRef]?
        /// ENUM; nil otherwise.
        public var enumValues: [EnumValue]?
        public var possibleTypes: [TypeRef]?

        public init(kind: Kind, name: String, description: String? = nil, fields: [Field]? = nil,
                    inputFields: [InputValue]? = nil, interfaces: [TypeRef]? = nil,
                    enumValues: [EnumValue]? = nil, possibleTypes: [TypeRef]? = nil) {
            self.kind = kind; self.name = name; self.description = description; self.fields = fields
            self.inputFields = inputFields; self.interfaces = interfaces
            self.enumValues = enumValues; self.possibleTypes = possibleTypes
        }
    }

    public struct Field: Codable, Equatable, Sendable {
        public var name: String
        public var description: String?
        public var args: [InputValue]
        public var type: TypeRef
        public var isDeprecated: Bool
        public var deprecationReason: String?

        public init(name: String, description: String? = nil, args: [InputValue] = [], type: TypeRef,
                    isDeprecated: Bool = false, deprecationReason: String? = nil) {
            self.name = name; self.description = description; self.args = args; self.type = type
            self.isDeprecated = isDeprecated; self.deprecationReason = deprecationReason
        }
    }

    public struct InputValue: Codable, Equatable, Sendable {
        public var name: String
        public var description: String?
        public var type: TypeRef
        /// As GraphQL source (`{}`, `"en"`), as introspection gives it.
        public var defaultValue: String?

        public init(name: String, description: String? = nil, type: TypeRef, defaultValue: String? = nil) {
            self.name = name; self.description = description; self.type = type; self.defaultValue = defaultValue
        }
    }

    public struct EnumValue: Codable, Equatable, Sendable {
        public var name: String
        public var description: String?
        public var isDeprecated: Bool
        public var deprecationReason: String?

        public init(name: String, description: String? = nil, isDeprecated: Bool = false, deprecationReason: String? = nil) {
            self.name = name; self.description = description
            self.isDeprecated = isDeprecated; self.deprecationReason = deprecationReason
        }
    }

    public struct Directive: Codable, Equatable, Sendable {
        public var name: String
        public var description: String?
        public var locations: [String]
        public var args: [InputValue]

        public init(name: String, description: String? = nil, locations: [String], args: [InputValue] = []) {
            self.name = name; self.description = description; self.locations = locations; self.args = args
        }
    }
}
