import GraphQLDocuments

/// A countries-like schema declared in code, as another module would declare one.
enum CountriesSchema {
    typealias Schema = GraphQLSchemaDescription
    typealias TypeRef = Schema.TypeRef

    static func named(_ kind: Schema.Kind, _ name: String) -> TypeRef { .named(kind, name) }
    static func nonNull(_ type: TypeRef) -> TypeRef { .nonNull(type) }
    static func listOfNonNull(_ kind: Schema.Kind, _ name: String) -> TypeRef { .nonNull(.list(.nonNull(.named(kind, name)))) }

    static let string = named(.SCALAR, "String")
    static let id = named(.SCALAR, "ID")
    static let stringOperators = named(.INPUT_OBJECT, "StringQueryOperatorInput")

    static func field(_ name: String, _ type: TypeRef, args: [Schema.InputValue] = []) -> Schema.Field {
        Schema.Field(name: name, args: args, type: type)
    }

    static func input(_ name: String, _ type: TypeRef) -> Schema.InputValue {
        Schema.InputValue(name: name, type: type)
    }

    static let schema = Schema(
        queryType: .init(name: "Query"),
        types: [
            Schema.FullType(kind: .OBJECT, name: "Query", fields: [
                field("countries", listOfNonNull(.OBJECT, "Country"),
                      args: [Schema.InputValue(name: "filter", type: named(.INPUT_OBJECT, "CountryFilterInput"), defaultValue: "{}")]),
                field("country", named(.OBJECT, "Country"), args: [input("code", nonNull(id))]),
                field("continents", listOfNonNull(.OBJECT, "Continent")),
            ], interfaces: []),
            Schema.FullType(kind: .OBJECT, name: "Country", fields: [
                field("code", nonNull(id)),
                field("name", nonNull(string)),
                field("capital", string),
                field("continent", nonNull(named(.OBJECT, "Continent"))),
                field("languages", listOfNonNull(.OBJECT, "Language")),
            ], interfaces: []),
            Schema.FullType(kind: .OBJECT, name: "Continent", fields: [
                field("code", nonNull(id)),
                field("name", nonNull(string)),
                field("countries", listOfNonNull(.OBJECT, "Country")),
            ], interfaces: []),
            Schema.FullType(kind: .OBJECT, name: "Language", fields: [
                field("code", nonNull(id)),
                field("name", nonNull(string)),
                field("rtl", nonNull(named(.SCALAR, "Boolean"))),
            ], interfaces: []),
            Schema.FullType(kind: .INPUT_OBJECT, name: "CountryFilterInput", inputFields: [
                input("code", stringOperators), input("continent", stringOperators),
                input("currency", stringOperators), input("name", stringOperators),
            ]),
            Schema.FullType(kind: .INPUT_OBJECT, name: "StringQueryOperatorInput", inputFields: [
                input("eq", string), input("ne", string),
                input("in", .list(.nonNull(string))), input("nin", .list(.nonNull(string))),
                input("regex", string),
            ]),
            Schema.FullType(kind: .SCALAR, name: "ID"),
            Schema.FullType(kind: .SCALAR, name: "String"),
            Schema.FullType(kind: .SCALAR, name: "Boolean"),
            Schema.FullType(kind: .OBJECT, name: "__Schema", fields: [field("queryType", nonNull(named(.OBJECT, "__Type")))]),
            Schema.FullType(kind: .OBJECT, name: "__Type", fields: [field("name", string)]),
        ],
        directives: [
            Schema.Directive(name: "include", locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"],
                             args: [input("if", nonNull(named(.SCALAR, "Boolean")))]),
        ]
    )

    /// The same schema with a mutation root, for the keywords it adds.
    static let withMutation: Schema = {
        var schema = CountriesSchema.schema
        schema.mutationType = .init(name: "Mutation")
        schema.types.append(Schema.FullType(kind: .OBJECT, name: "Mutation", fields: [field("touch", string)], interfaces: []))
        return schema
    }()
}
