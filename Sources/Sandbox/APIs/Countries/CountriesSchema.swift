import Foundation
import GraphQLDocuments
import GraphQLExecution

/// The sandbox's countries API as data (docs/graphql.md, "The sandbox's countries API"): its
/// schema, and one resolver per field over `CountriesGraphData`. The schema holds exactly the types
/// GraphQLSwift's would (it leaves out the scalars no field uses, Int and Float), so that
/// introspection answers as the reference server does (scripts/graphql-reference/).
enum CountriesSchema {
    private typealias FullType = GraphQLSchemaDescription.FullType
    private typealias TypeRef = GraphQLSchemaDescription.TypeRef

    private static let id: TypeRef = .nonNull(.scalar("ID"))
    private static let string: TypeRef = .nonNull(.scalar("String"))
    private static let code = GraphQLSchemaDescription.InputValue.input("code", id)

    static let description = GraphQLSchemaDescription(
        queryType: .init(name: "Query"),
        types: [
            .object("Query", fields: [
                .field("countries", .nonNullList(of: .object("Country")), args: [
                    .input("filter", .inputObject("CountryFilterInput"), defaultValue: "{}"),
                ]),
                .field("country", .object("Country"), args: [code]),
                .field("continents", .nonNullList(of: .object("Continent")), args: [
                    .input("filter", .inputObject("ContinentFilterInput"), defaultValue: "{}"),
                ]),
                .field("continent", .object("Continent"), args: [code]),
                .field("languages", .nonNullList(of: .object("Language")), args: [
                    .input("filter", .inputObject("LanguageFilterInput"), defaultValue: "{}"),
                ]),
                .field("language", .object("Language"), args: [code]),
            ]),
            .object("Country", fields: [
                .field("code", id),
                .field("name", string),
                .field("native", string),
                .field("phone", string),
                .field("phones", .nonNullList(of: .scalar("String"))),
                .field("capital", .scalar("String")),
                .field("currency", .scalar("String")),
                .field("currencies", .nonNullList(of: .scalar("String"))),
                .field("emoji", string),
                .field("emojiU", string),
                .field("continent", .nonNull(.object("Continent"))),
                .field("languages", .nonNullList(of: .object("Language"))),
            ]),
            .object("Continent", fields: [
                .field("code", id),
                .field("name", string),
                .field("countries", .nonNullList(of: .object("Country"))),
            ]),
            .object("Language", fields: [
                .field("code", id),
                .field("name", string),
                .field("native", string),
                .field("rtl", .nonNull(.scalar("Boolean"))),
            ]),
            .inputObject("StringQueryOperatorInput", fields: [
                .input("eq", .scalar("String")),
                .input("ne", .scalar("String")),
                .input("in", .list(.nonNull(.scalar("String")))),
                .input("nin", .list(.nonNull(.scalar("String")))),
                .input("regex", .scalar("String")),
            ]),
            .inputObject("CountryFilterInput", fields: [
                .input("code", .inputObject("StringQueryOperatorInput")),
                .input("continent", .inputObject("StringQueryOperatorInput")),
                .input("currency", .inputObject("StringQueryOperatorInput")),
                .input("name", .inputObject("StringQueryOperatorInput")),
            ]),
            .inputObject("ContinentFilterInput", fields: [.input("code", .inputObject("StringQueryOperatorInput"))]),
            .inputObject("LanguageFilterInput", fields: [.input("code", .inputObject("StringQueryOperatorInput"))]),
            GraphQLStandardSchemaParts.id,
            GraphQLStandardSchemaParts.string,
            GraphQLStandardSchemaParts.boolean,
        ] + GraphQLStandardSchemaParts.introspectionTypes,
        directives: GraphQLStandardSchemaParts.directives
    )

    /// The executable schema answering from `data`.
    /// The schema over the sandbox's datasets, built on the first request (reading both files).
    static let shared: Result<GraphQLExecutableSchema, SandboxDataError> = Result { () throws(SandboxDataError) in
        let v2 = try SandboxDataFile.bytes(RestCountriesData.Version.v2.file)
        let v31 = try SandboxDataFile.bytes(RestCountriesData.Version.v31.file)
        do {
            return try make(data: CountriesGraphData(v2: Data(v2), v31: Data(v31)))
        } catch {
            throw .unreadable("restcountries", "\(error)")
        }
    }

    static func make(data: CountriesGraphData) throws(GraphQLSchemaError) -> GraphQLExecutableSchema {
        try GraphQLExecutableSchema(description: description, resolvers: resolvers(data))
    }

    private static func resolvers(_ data: CountriesGraphData) -> [String: [String: GraphQLFieldResolver]] {
        [
            "Query": [
                "countries": { _, arguments in
                    let filter = arguments["filter"].map { CountryFilter(
                        code: stringFilter($0["code"]), continent: stringFilter($0["continent"]),
                        currency: stringFilter($0["currency"]), name: stringFilter($0["name"])
                    ) }
                    return try data.countries(matching: filter)
                },
                "country": { _, arguments in try data.country(code: codeArgument(arguments)) },
                "continents": { _, arguments in
                    try data.continents(matching: arguments["filter"].map { ContinentFilter(code: stringFilter($0["code"])) })
                },
                "continent": { _, arguments in try data.continent(code: codeArgument(arguments)) },
                "languages": { _, arguments in
                    try data.languages(matching: arguments["filter"].map { LanguageFilter(code: stringFilter($0["code"])) })
                },
                "language": { _, arguments in try data.language(code: codeArgument(arguments)) },
            ],
            "Country": [
                "code": { parent, _ in (parent as! Country).code },
                "name": { parent, _ in (parent as! Country).name },
                "native": { parent, _ in (parent as! Country).native },
                "phone": { parent, _ in (parent as! Country).phone },
                "phones": { parent, _ in (parent as! Country).phones },
                "capital": { parent, _ in (parent as! Country).capital },
                "currency": { parent, _ in (parent as! Country).currency },
                "currencies": { parent, _ in (parent as! Country).currencies },
                "emoji": { parent, _ in (parent as! Country).emoji },
                "emojiU": { parent, _ in (parent as! Country).emojiU },
                "continent": { parent, _ in data.continent(of: parent as! Country) },
                "languages": { parent, _ in data.languages(of: parent as! Country) },
            ],
            "Continent": [
                "code": { parent, _ in (parent as! Continent).code },
                "name": { parent, _ in (parent as! Continent).name },
                "countries": { parent, _ in data.countries(of: parent as! Continent) },
            ],
            "Language": [
                "code": { parent, _ in (parent as! Language).code },
                "name": { parent, _ in (parent as! Language).name },
                "native": { parent, _ in (parent as! Language).native },
                "rtl": { parent, _ in (parent as! Language).rtl },
            ],
        ]
    }

    /// `code: ID!`: validation guarantees it, as a string.
    private static func codeArgument(_ arguments: GraphQLArguments) -> String {
        arguments["code"]?.stringValue ?? ""
    }

    /// A `StringQueryOperatorInput` value; nil when absent or null.
    private static func stringFilter(_ value: GraphQLJSONValue?) -> StringFilter? {
        guard let value, case .object = value else { return nil }
        func strings(_ name: String) -> [String]? { value[name]?.listValue?.compactMap(\.stringValue) }
        return StringFilter(
            eq: value["eq"]?.stringValue, ne: value["ne"]?.stringValue, in: strings("in"), nin: strings("nin"),
            regex: value["regex"]?.stringValue
        )
    }
}
