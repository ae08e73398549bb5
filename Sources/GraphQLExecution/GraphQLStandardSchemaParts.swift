import GraphQLDocuments

/// What every schema has besides its own types: the specified scalars, the specified directives and
/// the introspection types, worded as GraphQLSwift 4.3.0 words them (the sandbox's reference), so a
/// schema declared with these introspects exactly as that server's does.
public enum GraphQLStandardSchemaParts {
    public typealias FullType = GraphQLSchemaDescription.FullType
    public typealias Field = GraphQLSchemaDescription.Field
    public typealias InputValue = GraphQLSchemaDescription.InputValue
    public typealias EnumValue = GraphQLSchemaDescription.EnumValue
    public typealias Directive = GraphQLSchemaDescription.Directive
    public typealias TypeRef = GraphQLSchemaDescription.TypeRef

    public static let string = FullType.scalar(
        "String",
        description: "The `String` scalar type represents textual data, represented as UTF-8 character sequences. "
            + "The String type is most often used by GraphQL to represent free-form human-readable text."
    )
    public static let int = FullType.scalar(
        "Int",
        description: "The `Int` scalar type represents non-fractional signed whole numeric values. "
            + "Int can represent values between -(2^31) and 2^31 - 1."
    )
    public static let float = FullType.scalar(
        "Float",
        description: "The `Float` scalar type represents signed double-precision fractional values as specified by "
            + "[IEEE 754](http://en.wikipedia.org/wiki/IEEE_floating_point). "
    )
    public static let boolean = FullType.scalar(
        "Boolean", description: "The `Boolean` scalar type represents `true` or `false`."
    )
    public static let id = FullType.scalar(
        "ID",
        description: "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key "
            + "for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be "
            + "human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) "
            + "input value will be accepted as an ID."
    )

    /// The five specified scalars, in the specification's order.
    public static let scalars: [FullType] = [string, int, float, boolean, id]

    // MARK: Directives

    public static let include = Directive.directive(
        "include",
        description: "Directs the executor to include this field or fragment only when the \\`if\\` argument is true.",
        locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"],
        args: [.input("if", .nonNull(.scalar("Boolean")), description: "Included when true.")]
    )
    public static let skip = Directive.directive(
        "skip",
        description: "Directs the executor to skip this field or fragment when the \\`if\\` argument is true.",
        locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"],
        args: [.input("if", .nonNull(.scalar("Boolean")), description: "Skipped when true.")]
    )
    public static let deprecated = Directive.directive(
        "deprecated",
        description: "Marks an element of a GraphQL schema as no longer supported.",
        locations: ["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE"],
        args: [.input(
            "reason", .scalar("String"),
            description: "Explains why this element was deprecated, usually also including a suggestion for how to "
                + "access supported similar data. Formatted using the Markdown syntax, as specified by "
                + "[CommonMark](https://commonmark.org/).",
            defaultValue: "\"No longer supported\""
        )]
    )
    public static let specifiedBy = Directive.directive(
        "specifiedBy",
        description: "Exposes a URL that specifies the behavior of this scalar.",
        locations: ["SCALAR"],
        args: [.input("url", .nonNull(.scalar("String")), description: "The URL that specifies the behavior of this scalar.")]
    )
    public static let oneOf = Directive.directive(
        "oneOf",
        description: "Indicates exactly one field must be supplied and this field must not be \\`null\\`.",
        locations: ["INPUT_OBJECT"]
    )

    /// GraphQLSwift's specified directives, in its order.
    public static let directives: [Directive] = [include, skip, deprecated, specifiedBy, oneOf]

    // MARK: Introspection types

    private static let includeDeprecated = InputValue.input("includeDeprecated", .scalar("Boolean"), defaultValue: "false")
    private static let nonNullString: TypeRef = .nonNull(.scalar("String"))
    private static let nonNullBoolean: TypeRef = .nonNull(.scalar("Boolean"))

    public static let schemaType = FullType.object(
        "__Schema",
        description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and "
            + "directives on the server, as well as the entry points for query, mutation, and subscription operations.",
        fields: [
            .field("description", .scalar("String")),
            .field("types", .nonNullList(of: .object("__Type")), description: "A list of all types supported by this server."),
            .field("queryType", .nonNull(.object("__Type")), description: "The type that query operations will be rooted at."),
            .field(
                "mutationType", .object("__Type"),
                description: "If this server supports mutation, the type that mutation operations will be rooted at."
            ),
            .field(
                "subscriptionType", .object("__Type"),
                description: "If this server support subscription, the type that subscription operations will be rooted at."
            ),
            .field(
                "directives", .nonNullList(of: .object("__Directive")),
                description: "A list of all directives supported by this server."
            ),
        ]
    )

    public static let directiveType = FullType.object(
        "__Directive",
        description: "A Directive provides a way to describe alternate runtime execution and type validation behavior in "
            + "a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior "
            + "in ways field arguments will not suffice, such as conditionally including or skipping a field. "
            + "Directives provide this by describing additional information to the executor.",
        fields: [
            .field("name", nonNullString),
            .field("description", .scalar("String")),
            .field("isRepeatable", nonNullBoolean),
            .field("locations", .nonNullList(of: .enumeration("__DirectiveLocation"))),
            .field("args", .nonNullList(of: .object("__InputValue")), args: [includeDeprecated]),
        ]
    )

    public static let directiveLocationType = FullType.enumeration(
        "__DirectiveLocation",
        description: "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes "
            + "one such possible adjacencies.",
        values: [
            .value("QUERY", description: "Location adjacent to a query operation."),
            .value("MUTATION", description: "Location adjacent to a mutation operation."),
            .value("SUBSCRIPTION", description: "Location adjacent to a subscription operation."),
            .value("FIELD", description: "Location adjacent to a field."),
            .value("FRAGMENT_DEFINITION", description: "Location adjacent to a fragment definition."),
            .value("FRAGMENT_SPREAD", description: "Location adjacent to a fragment spread."),
            .value("INLINE_FRAGMENT", description: "Location adjacent to an inline fragment."),
            .value("VARIABLE_DEFINITION", description: "Location adjacent to an operation variable definition."),
            .value("FRAGMENT_VARIABLE_DEFINITION", description: "Location adjacent to a fragment variable definition."),
            .value("SCHEMA", description: "Location adjacent to a schema definition."),
            .value("SCALAR", description: "Location adjacent to a scalar definition."),
            .value("OBJECT", description: "Location adjacent to an object type definition."),
            .value("FIELD_DEFINITION", description: "Location adjacent to a field definition."),
            .value("ARGUMENT_DEFINITION", description: "Location adjacent to an argument definition."),
            .value("INTERFACE", description: "Location adjacent to an interface definition."),
            .value("UNION", description: "Location adjacent to a union definition."),
            .value("ENUM", description: "Location adjacent to an enum definition."),
            .value("ENUM_VALUE", description: "Location adjacent to an enum value definition."),
            .value("INPUT_OBJECT", description: "Location adjacent to an input object type definition."),
            .value("INPUT_FIELD_DEFINITION", description: "Location adjacent to an input object field definition."),
        ]
    )

    public static let typeType = FullType.object(
        "__Type",
        description: "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL "
            + "as represented by the \\`__TypeKind\\` enum.\n\nDepending on the kind of a type, certain fields describe "
            + "information about that type. Scalar types provide no information beyond a name, description and "
            + "optional \\`specifiedByURL\\`, while Enum types provide their values. Object and Interface types provide "
            + "the fields they describe. Abstract types, Union and Interface, provide the Object types possible at "
            + "runtime. List and NonNull types compose other types.",
        fields: [
            .field("kind", .nonNull(.enumeration("__TypeKind"))),
            .field("name", .scalar("String")),
            .field("description", .scalar("String")),
            .field("specifiedByURL", .scalar("String")),
            .field("fields", .list(.nonNull(.object("__Field"))), args: [includeDeprecated]),
            .field("interfaces", .list(.nonNull(.object("__Type")))),
            .field("possibleTypes", .list(.nonNull(.object("__Type")))),
            .field("enumValues", .list(.nonNull(.object("__EnumValue"))), args: [includeDeprecated]),
            .field("inputFields", .list(.nonNull(.object("__InputValue"))), args: [includeDeprecated]),
            .field("ofType", .object("__Type")),
            .field("isOneOf", .scalar("Boolean")),
        ]
    )

    public static let fieldType = FullType.object(
        "__Field",
        description: "Object and Interface types are described by a list of Fields, each of which has a name, "
            + "potentially a list of arguments, and a return type.",
        fields: [
            .field("name", nonNullString),
            .field("description", .scalar("String")),
            .field("args", .nonNullList(of: .object("__InputValue")), args: [includeDeprecated]),
            .field("type", .nonNull(.object("__Type"))),
            .field("isDeprecated", nonNullBoolean),
            .field("deprecationReason", .scalar("String")),
        ]
    )

    public static let inputValueType = FullType.object(
        "__InputValue",
        description: "Arguments provided to Fields or Directives and the input fields of an InputObject are represented "
            + "as Input Values which describe their type and optionally a default value.",
        fields: [
            .field("name", nonNullString),
            .field("description", .scalar("String")),
            .field("type", .nonNull(.object("__Type"))),
            .field(
                "defaultValue", .scalar("String"),
                description: "A GraphQL-formatted string representing the default value for this input value."
            ),
            .field("isDeprecated", nonNullBoolean),
            .field("deprecationReason", .scalar("String")),
        ]
    )

    public static let enumValueType = FullType.object(
        "__EnumValue",
        description: "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string "
            + "or numeric value. However an Enum value is returned in a JSON response as a string.",
        fields: [
            .field("name", nonNullString),
            .field("description", .scalar("String")),
            .field("isDeprecated", nonNullBoolean),
            .field("deprecationReason", .scalar("String")),
        ]
    )

    public static let typeKindType = FullType.enumeration(
        "__TypeKind",
        description: "An enum describing what kind of type a given \\`__Type\\` is.",
        values: [
            .value("SCALAR", description: "Indicates this type is a scalar."),
            .value("OBJECT", description: "Indicates this type is an object. \\`fields\\` and \\`interfaces\\` are valid fields."),
            .value(
                "INTERFACE",
                description: "Indicates this type is an interface. \\`fields\\`, \\`interfaces\\`, and \\`possibleTypes\\` are valid fields."
            ),
            .value("UNION", description: "Indicates this type is a union. \\`possibleTypes\\` is a valid field."),
            .value("ENUM", description: "Indicates this type is an enum. \\`enumValues\\` is a valid field."),
            .value("INPUT_OBJECT", description: "Indicates this type is an input object. \\`inputFields\\` is a valid field."),
            .value("LIST", description: "Indicates this type is a list. \\`ofType\\` is a valid field."),
            .value("NON_NULL", description: "Indicates this type is a non-null. \\`ofType\\` is a valid field."),
        ]
    )

    /// The introspection types, in GraphQLSwift's order.
    public static let introspectionTypes: [FullType] = [
        schemaType, directiveType, directiveLocationType, typeType, fieldType, inputValueType, enumValueType, typeKindType,
    ]
}
