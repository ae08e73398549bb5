// The countries API's schema (docs/graphql.md) declared with Graphiti. Every resolver is a call
// into CountriesGraphData.swift, the file the sandbox's own server shares; the context of every
// resolver is the loaded CountriesGraphData.

import Foundation
import GraphQL
import Graphiti

/// The Swift side of GraphQL's built-in `ID` (Graphiti maps only Int, Float, String and Boolean).
/// It is declared below as a scalar named "ID" whose description, serialization and parsing are
/// those of GraphQL's own `GraphQLID`, so it behaves (and introspects) as the built-in one.
struct GraphID: Codable, Sendable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    init(from decoder: Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

// MARK: Arguments

struct CodeArguments: Codable, Sendable {
    let code: GraphID
}

struct CountriesArguments: Codable, Sendable {
    let filter: CountryFilter?
}

struct ContinentsArguments: Codable, Sendable {
    let filter: ContinentFilter?
}

struct LanguagesArguments: Codable, Sendable {
    let filter: LanguageFilter?
}

// MARK: Resolvers

/// The root value: `Query`'s fields.
struct CountriesRoot: Sendable {
    func countries(context: CountriesGraphData, arguments: CountriesArguments) throws -> [Country] {
        try context.countries(matching: arguments.filter)
    }

    func country(context: CountriesGraphData, arguments: CodeArguments) throws -> Country? {
        try context.country(code: arguments.code.value)
    }

    func continents(context: CountriesGraphData, arguments: ContinentsArguments) throws -> [Continent] {
        try context.continents(matching: arguments.filter)
    }

    func continent(context: CountriesGraphData, arguments: CodeArguments) throws -> Continent? {
        try context.continent(code: arguments.code.value)
    }

    func languages(context: CountriesGraphData, arguments: LanguagesArguments) throws -> [Language] {
        try context.languages(matching: arguments.filter)
    }

    func language(context: CountriesGraphData, arguments: CodeArguments) throws -> Language? {
        try context.language(code: arguments.code.value)
    }
}

extension Country {
    var graphID: GraphID { GraphID(code) }

    func continentField(context: CountriesGraphData, arguments _: NoArguments) -> Continent {
        context.continent(of: self)
    }

    func languagesField(context: CountriesGraphData, arguments _: NoArguments) -> [Language] {
        context.languages(of: self)
    }
}

extension Continent {
    var graphID: GraphID { GraphID(code) }

    func countriesField(context: CountriesGraphData, arguments _: NoArguments) -> [Country] {
        context.countries(of: self)
    }
}

extension Language {
    var graphID: GraphID { GraphID(code) }
}

// MARK: Schema

func makeCountriesSchema() throws -> Schema<CountriesRoot, CountriesGraphData> {
    try Schema<CountriesRoot, CountriesGraphData> {
        Scalar(
            GraphID.self,
            as: "ID",
            serialize: { value, _ in
                try GraphQLID.serialize(value: (value as? GraphID)?.value ?? value)
            },
            parseValue: { map, _ in try GraphQLID.parseValue(value: map) },
            parseLiteral: { ast, _ in try GraphQLID.parseLiteral(valueAST: ast) }
        )
        .description(GraphQLID.description ?? "")

        Query {
            Field("countries", at: CountriesRoot.countries) {
                Argument("filter", at: \.filter).defaultValue(CountryFilter())
            }
            Field("country", at: CountriesRoot.country) {
                Argument("code", at: \.code)
            }
            Field("continents", at: CountriesRoot.continents) {
                Argument("filter", at: \.filter).defaultValue(ContinentFilter())
            }
            Field("continent", at: CountriesRoot.continent) {
                Argument("code", at: \.code)
            }
            Field("languages", at: CountriesRoot.languages) {
                Argument("filter", at: \.filter).defaultValue(LanguageFilter())
            }
            Field("language", at: CountriesRoot.language) {
                Argument("code", at: \.code)
            }
        }

        Type(Country.self, as: "Country") {
            Field("code", at: \.graphID)
            Field("name", at: \.name)
            Field("native", at: \.native)
            Field("phone", at: \.phone)
            Field("phones", at: \.phones)
            Field("capital", at: \.capital)
            Field("currency", at: \.currency)
            Field("currencies", at: \.currencies)
            Field("emoji", at: \.emoji)
            Field("emojiU", at: \.emojiU)
            Field("continent", at: Country.continentField)
            Field("languages", at: Country.languagesField)
        }

        Type(Continent.self, as: "Continent") {
            Field("code", at: \.graphID)
            Field("name", at: \.name)
            Field("countries", at: Continent.countriesField)
        }

        Type(Language.self, as: "Language") {
            Field("code", at: \.graphID)
            Field("name", at: \.name)
            Field("native", at: \.native)
            Field("rtl", at: \.rtl)
        }

        Input(StringFilter.self, as: "StringQueryOperatorInput") {
            InputField("eq", at: \.eq)
            InputField("ne", at: \.ne)
            InputField("in", at: \.in)
            InputField("nin", at: \.nin)
            InputField("regex", at: \.regex)
        }

        Input(CountryFilter.self, as: "CountryFilterInput") {
            InputField("code", at: \.code)
            InputField("continent", at: \.continent)
            InputField("currency", at: \.currency)
            InputField("name", at: \.name)
        }

        Input(ContinentFilter.self, as: "ContinentFilterInput") {
            InputField("code", at: \.code)
        }

        Input(LanguageFilter.self, as: "LanguageFilterInput") {
            InputField("code", at: \.code)
        }
    }
}
