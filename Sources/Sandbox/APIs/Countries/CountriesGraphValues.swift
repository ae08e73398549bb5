// The values behind the GraphQL countries API (`sandbox/countries`): Country, Continent and
// Language, the filter input types with their matching rules, and the errors the resolvers raise.
// The sandbox's executor and the reference program that declares the same schema with Graphiti
// (scripts/graphql-reference/) share this file and CountriesGraphData.swift, so they know
// neither: Foundation only, no global mutable state, every type a Sendable value.

import Foundation

// MARK: - Errors

/// An error a resolver raises (or that reading the datasets raises). `description` is exactly the
/// message a GraphQL response carries for it.
struct CountriesGraphError: Error, CustomStringConvertible, Hashable, Sendable {
    enum Kind: String, Hashable, Sendable {
        case invalidCountryCode
        case invalidContinentCode
        case invalidLanguageCode
        case invalidRegularExpression
        case invalidDataset
    }

    let kind: Kind
    let message: String

    init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    var description: String { message }

    static func invalidCountryCode(_ given: String) -> CountriesGraphError {
        CountriesGraphError(
            kind: .invalidCountryCode,
            message: "Country codes are two capital letters (ISO 3166-1 alpha-2): got \"\(given)\"."
        )
    }

    static func invalidContinentCode(_ given: String) -> CountriesGraphError {
        CountriesGraphError(
            kind: .invalidContinentCode,
            message: "Continent codes are two capital letters (AF, AN, AS, EU, NA, OC, SA): got \"\(given)\"."
        )
    }

    static func invalidLanguageCode(_ given: String) -> CountriesGraphError {
        CountriesGraphError(
            kind: .invalidLanguageCode,
            message: "Language codes are two lowercase letters (ISO 639-1): got \"\(given)\"."
        )
    }

    static func invalidRegularExpression(_ pattern: String) -> CountriesGraphError {
        CountriesGraphError(
            kind: .invalidRegularExpression,
            message: "Invalid regular expression: \"\(pattern)\"."
        )
    }

    static func invalidDataset(_ what: String) -> CountriesGraphError {
        CountriesGraphError(kind: .invalidDataset, message: "Invalid countries dataset: \(what)")
    }
}

// MARK: - Values

struct Country: Hashable, Sendable {
    let code: String
    let name: String
    let native: String
    /// `phones` joined by ",".
    let phone: String
    let phones: [String]
    let capital: String?
    /// `currencies` joined by ",", nil when there is none.
    let currency: String?
    let currencies: [String]
    let emoji: String
    /// The emoji's Unicode scalars as `U+1F1E8 U+1F1F4`.
    let emojiU: String
    /// The code of the country's continent (`Continent.code`).
    let continentCode: String
    /// The ISO 639-1 codes of the country's languages, in the dataset's order (`Language.code`).
    let languageCodes: [String]

    init(
        code: String, name: String, native: String, phones: [String], capital: String?,
        currencies: [String], emoji: String, continentCode: String, languageCodes: [String]
    ) {
        self.code = code
        self.name = name
        self.native = native
        self.phone = phones.joined(separator: ",")
        self.phones = phones
        self.capital = capital
        self.currency = currencies.isEmpty ? nil : currencies.joined(separator: ",")
        self.currencies = currencies
        self.emoji = emoji
        self.emojiU = Country.scalarNotation(emoji)
        self.continentCode = continentCode
        self.languageCodes = languageCodes
    }

    /// `U+XXXX` (uppercase hex, at least four digits) for each Unicode scalar, space-separated.
    static func scalarNotation(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}

struct Continent: Hashable, Sendable {
    let code: String
    let name: String

    init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// The seven continents, ordered by code; v3.1's `continents[0]` is the `name`.
    static let all: [Continent] = [
        Continent(code: "AF", name: "Africa"),
        Continent(code: "AN", name: "Antarctica"),
        Continent(code: "AS", name: "Asia"),
        Continent(code: "EU", name: "Europe"),
        Continent(code: "NA", name: "North America"),
        Continent(code: "OC", name: "Oceania"),
        Continent(code: "SA", name: "South America"),
    ]
}

struct Language: Hashable, Sendable {
    let code: String
    let name: String
    let native: String
    let rtl: Bool

    init(code: String, name: String, native: String, rtl: Bool) {
        self.code = code
        self.name = name
        self.native = native
        self.rtl = rtl
    }

    /// The ISO 639-1 codes written right to left.
    static let rightToLeftCodes: Set<String> = [
        "ar", "dv", "fa", "ha", "he", "ks", "ku", "ps", "sd", "ug", "ur", "yi",
    ]
}

// MARK: - Filters

/// `StringQueryOperatorInput`: every operator given must hold; an omitted (nil) one is not checked.
struct StringFilter: Codable, Hashable, Sendable {
    var eq: String?
    var ne: String?
    var `in`: [String]?
    var nin: [String]?
    /// An NSRegularExpression pattern that must find a match anywhere in the string.
    var regex: String?

    init(
        eq: String? = nil, ne: String? = nil, in: [String]? = nil, nin: [String]? = nil,
        regex: String? = nil
    ) {
        self.eq = eq
        self.ne = ne
        self.in = `in`
        self.nin = nin
        self.regex = regex
    }

    /// The filter with its regular expression compiled; throws `Invalid regular expression: "…".`
    func compiled() throws -> StringMatcher {
        try StringMatcher(self)
    }
}

/// A `StringFilter` ready to test strings (its `regex` compiled once).
struct StringMatcher: Sendable {
    let filter: StringFilter
    private let expression: NSRegularExpression?

    init(_ filter: StringFilter) throws {
        self.filter = filter
        if let pattern = filter.regex {
            do {
                expression = try NSRegularExpression(pattern: pattern)
            } catch {
                throw CountriesGraphError.invalidRegularExpression(pattern)
            }
        } else {
            expression = nil
        }
    }

    /// Whether every operator given holds for `value`.
    func matches(_ value: String) -> Bool {
        matchesPositive { $0(value) } && matchesNegative { $0(value) }
    }

    /// For a list of values (a country's currencies): eq/in/regex hold when they hold for at least
    /// one value, ne/nin when they hold for every value (so an empty list fails eq/in/regex and
    /// passes ne/nin).
    func matches(anyOf values: [String]) -> Bool {
        matchesPositive { test in values.contains(where: test) }
            && matchesNegative { test in values.allSatisfy(test) }
    }

    /// eq, in and regex, each tested through `holds`.
    private func matchesPositive(_ holds: ((String) -> Bool) -> Bool) -> Bool {
        if let eq = filter.eq, !holds({ $0 == eq }) { return false }
        if let list = filter.in, !holds({ list.contains($0) }) { return false }
        if let expression, !holds({ StringMatcher.finds(expression, in: $0) }) { return false }
        return true
    }

    /// ne and nin, each tested through `holds`.
    private func matchesNegative(_ holds: ((String) -> Bool) -> Bool) -> Bool {
        if let ne = filter.ne, !holds({ $0 != ne }) { return false }
        if let list = filter.nin, !holds({ !list.contains($0) }) { return false }
        return true
    }

    private static func finds(_ expression: NSRegularExpression, in value: String) -> Bool {
        expression.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }
}

/// `CountryFilterInput`.
struct CountryFilter: Codable, Hashable, Sendable {
    /// On `Country.code`.
    var code: StringFilter?
    /// On the code of the country's continent.
    var continent: StringFilter?
    /// On each of `Country.currencies` (see `StringMatcher.matches(anyOf:)`).
    var currency: StringFilter?
    /// On `Country.name`.
    var name: StringFilter?

    init(
        code: StringFilter? = nil, continent: StringFilter? = nil, currency: StringFilter? = nil,
        name: StringFilter? = nil
    ) {
        self.code = code
        self.continent = continent
        self.currency = currency
        self.name = name
    }
}

/// `ContinentFilterInput`.
struct ContinentFilter: Codable, Hashable, Sendable {
    var code: StringFilter?

    init(code: StringFilter? = nil) {
        self.code = code
    }
}

/// `LanguageFilterInput`.
struct LanguageFilter: Codable, Hashable, Sendable {
    var code: StringFilter?

    init(code: StringFilter? = nil) {
        self.code = code
    }
}
