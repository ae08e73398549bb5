import GraphQLDocuments

// Declaring a schema as data: short factories for the parts of `GraphQLSchemaDescription`, so that a
// schema reads like its SDL (`.field("code", .nonNull(.scalar("ID")))`).

extension GraphQLSchemaDescription.FullType {
    private static func make(_ kind: GraphQLSchemaDescription.Kind, _ name: String, _ description: String?) -> Self {
        Self(kind: kind, name: name, description: description)
    }

    public static func scalar(_ name: String, description: String? = nil) -> Self {
        make(.SCALAR, name, description)
    }

    public static func object(
        _ name: String, description: String? = nil, interfaces: [String] = [],
        fields: [GraphQLSchemaDescription.Field]
    ) -> Self {
        var type = make(.OBJECT, name, description)
        type.fields = fields
        type.interfaces = interfaces.map { .named(.INTERFACE, $0) }
        return type
    }

    public static func interface(
        _ name: String, description: String? = nil, interfaces: [String] = [],
        fields: [GraphQLSchemaDescription.Field], possibleTypes: [String]
    ) -> Self {
        var type = make(.INTERFACE, name, description)
        type.fields = fields
        type.interfaces = interfaces.map { .named(.INTERFACE, $0) }
        type.possibleTypes = possibleTypes.map { .named(.OBJECT, $0) }
        return type
    }

    public static func union(_ name: String, description: String? = nil, possibleTypes: [String]) -> Self {
        var type = make(.UNION, name, description)
        type.possibleTypes = possibleTypes.map { .named(.OBJECT, $0) }
        return type
    }

    public static func enumeration(
        _ name: String, description: String? = nil, values: [GraphQLSchemaDescription.EnumValue]
    ) -> Self {
        var type = make(.ENUM, name, description)
        type.enumValues = values
        return type
    }

    public static func inputObject(
        _ name: String, description: String? = nil, fields: [GraphQLSchemaDescription.InputValue]
    ) -> Self {
        var type = make(.INPUT_OBJECT, name, description)
        type.inputFields = fields
        return type
    }
}

extension GraphQLSchemaDescription.Field {
    public static func field(
        _ name: String, _ type: GraphQLSchemaDescription.TypeRef, description: String? = nil,
        args: [GraphQLSchemaDescription.InputValue] = [], deprecationReason: String? = nil
    ) -> Self {
        Self(
            name: name, description: description, args: args, type: type,
            isDeprecated: deprecationReason != nil, deprecationReason: deprecationReason
        )
    }
}

extension GraphQLSchemaDescription.InputValue {
    /// An argument or input field; `defaultValue` is GraphQL source, as introspection shows it.
    public static func input(
        _ name: String, _ type: GraphQLSchemaDescription.TypeRef, description: String? = nil,
        defaultValue: String? = nil
    ) -> Self {
        Self(name: name, description: description, type: type, defaultValue: defaultValue)
    }
}

extension GraphQLSchemaDescription.EnumValue {
    public static func value(_ name: String, description: String? = nil, deprecationReason: String? = nil) -> Self {
        Self(name: name, description: description, isDeprecated: deprecationReason != nil, deprecationReason: deprecationReason)
    }
}

extension GraphQLSchemaDescription.Directive {
    public static func directive(
        _ name: String, description: String? = nil, locations: [String],
        args: [GraphQLSchemaDescription.InputValue] = []
    ) -> Self {
        Self(name: name, description: description, locations: locations, args: args)
    }
}

extension GraphQLSchemaDescription.TypeRef {
    public static func scalar(_ name: String) -> Self { .named(.SCALAR, name) }
    public static func object(_ name: String) -> Self { .named(.OBJECT, name) }
    public static func enumeration(_ name: String) -> Self { .named(.ENUM, name) }
    public static func inputObject(_ name: String) -> Self { .named(.INPUT_OBJECT, name) }
    /// `[T!]!`, the shape of most list fields.
    public static func nonNullList(of type: Self) -> Self { .nonNull(.list(.nonNull(type))) }

    /// The type as GraphQL writes it: `[String!]!`.
    var typeReference: GraphQLTypeReference {
        switch self {
        case .named(_, let name): .named(name)
        case .list(let inner): .list(inner.typeReference)
        case .nonNull(let inner): .nonNull(inner.typeReference)
        }
    }
}
