// The countries API's data built from the two REST Countries datasets (v2 and v3.1), and the
// resolvers' lookups and filters over it; shared with scripts/graphql-reference/ (see
// CountriesGraphValues.swift).

import Foundation

// MARK: - The data

struct CountriesGraphData: Sendable {
    /// Ordered by code (Unicode scalar values).
    let countries: [Country]
    /// The seven continents, ordered by code.
    let continents: [Continent]
    /// One per distinct ISO 639-1 code, ordered by code.
    let languages: [Language]

    private let countryIndex: [String: Int]
    private let continentIndex: [String: Int]
    private let languageIndex: [String: Int]
    /// Indexes into `countries`, per continent code, in country order.
    private let countriesByContinent: [String: [Int]]

    /// Reads `countriesV2.json` and `countriesV3.1.json` (JSON arrays of country records, joined on
    /// v2 `alpha2Code` == v3.1 `cca2`).
    init(v2: Data, v31: Data) throws {
        let v2Records = try CountriesGraphData.records(v2, "countriesV2.json")
        let v31Records = try CountriesGraphData.records(v31, "countriesV3.1.json")

        var v31ByCode: [String: [String: Any]] = [:]
        for (offset, record) in v31Records.enumerated() {
            guard let code = record["cca2"] as? String else {
                throw CountriesGraphError.invalidDataset("countriesV3.1.json record \(offset) has no cca2")
            }
            v31ByCode[code] = record
        }

        let continentCodeByName = Dictionary(
            uniqueKeysWithValues: Continent.all.map { ($0.name, $0.code) }
        )

        // A country with the raw language records it lists (for the Language values).
        var built: [(country: Country, languages: [(code: String, name: String, native: String)])] = []
        var seenCodes: Set<String> = []
        for (offset, record) in v2Records.enumerated() {
            guard let code = record["alpha2Code"] as? String, !code.isEmpty else {
                throw CountriesGraphError.invalidDataset("countriesV2.json record \(offset) has no alpha2Code")
            }
            guard seenCodes.insert(code).inserted else {
                throw CountriesGraphError.invalidDataset("countriesV2.json lists \(code) twice")
            }
            guard let other = v31ByCode[code] else {
                throw CountriesGraphError.invalidDataset("countriesV3.1.json has no record for \(code)")
            }
            guard let nameRecord = other["name"] as? [String: Any],
                  let name = nameRecord["common"] as? String
            else {
                throw CountriesGraphError.invalidDataset("countriesV3.1.json \(code) has no name.common")
            }
            guard let native = record["nativeName"] as? String else {
                throw CountriesGraphError.invalidDataset("countriesV2.json \(code) has no nativeName")
            }
            guard let emoji = other["flag"] as? String else {
                throw CountriesGraphError.invalidDataset("countriesV3.1.json \(code) has no flag")
            }
            guard let continentName = (other["continents"] as? [Any])?.first as? String,
                  let continentCode = continentCodeByName[continentName]
            else {
                throw CountriesGraphError.invalidDataset("countriesV3.1.json \(code) has no known continents[0]")
            }

            let phones = ((record["callingCodes"] as? [Any]) ?? [])
                .compactMap { $0 as? String }
                .filter { !$0.isEmpty }
            let capital = (record["capital"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            let currencies = ((record["currencies"] as? [Any]) ?? []).compactMap { entry in
                (entry as? [String: Any])?["code"] as? String
            }

            var languages: [(code: String, name: String, native: String)] = []
            for entry in (record["languages"] as? [Any]) ?? [] {
                guard let language = entry as? [String: Any],
                      let languageCode = language["iso639_1"] as? String, !languageCode.isEmpty
                else { continue }
                guard let languageName = language["name"] as? String,
                      let languageNative = language["nativeName"] as? String
                else {
                    throw CountriesGraphError.invalidDataset(
                        "countriesV2.json \(code) language \(languageCode) has no name or nativeName"
                    )
                }
                languages.append((languageCode, languageName, languageNative))
            }

            let country = Country(
                code: code, name: name, native: native, phones: phones, capital: capital,
                currencies: currencies, emoji: emoji, continentCode: continentCode,
                languageCodes: languages.map(\.code)
            )
            built.append((country, languages))
        }
        built.sort { CountriesGraphData.precedes($0.country.code, $1.country.code) }

        var firstLanguages: [String: Language] = [:]
        for (_, languages) in built {
            for language in languages where firstLanguages[language.code] == nil {
                firstLanguages[language.code] = Language(
                    code: language.code, name: language.name, native: language.native,
                    rtl: Language.rightToLeftCodes.contains(language.code)
                )
            }
        }

        countries = built.map(\.country)
        continents = Continent.all
        languages = firstLanguages.values.sorted { CountriesGraphData.precedes($0.code, $1.code) }

        countryIndex = Dictionary(uniqueKeysWithValues: countries.enumerated().map { ($1.code, $0) })
        continentIndex = Dictionary(uniqueKeysWithValues: continents.enumerated().map { ($1.code, $0) })
        languageIndex = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($1.code, $0) })
        var byContinent: [String: [Int]] = [:]
        for (index, country) in countries.enumerated() {
            byContinent[country.continentCode, default: []].append(index)
        }
        countriesByContinent = byContinent
    }

    /// Reads the datasets from a folder holding `countriesV2.json` and `countriesV3.1.json`.
    init(directory: URL) throws {
        try self.init(
            v2: Data(contentsOf: directory.appendingPathComponent("countriesV2.json")),
            v31: Data(contentsOf: directory.appendingPathComponent("countriesV3.1.json"))
        )
    }

    private static func records(_ data: Data, _ file: String) throws -> [[String: Any]] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CountriesGraphError.invalidDataset("\(file) is not JSON: \(error)")
        }
        guard let array = parsed as? [Any] else {
            throw CountriesGraphError.invalidDataset("\(file) is not a JSON array")
        }
        return try array.enumerated().map { offset, element in
            guard let record = element as? [String: Any] else {
                throw CountriesGraphError.invalidDataset("\(file) element \(offset) is not an object")
            }
            return record
        }
    }

    /// Ascending by Unicode scalar values.
    private static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    // MARK: Lookups (no checks)

    /// The country with exactly this code, if any.
    func lookupCountry(code: String) -> Country? {
        countryIndex[code].map { countries[$0] }
    }

    /// The continent with exactly this code, if any.
    func lookupContinent(code: String) -> Continent? {
        continentIndex[code].map { continents[$0] }
    }

    /// The language with exactly this code, if any.
    func lookupLanguage(code: String) -> Language? {
        languageIndex[code].map { languages[$0] }
    }

    /// `Country.continent`.
    func continent(of country: Country) -> Continent {
        // Every country's continent code comes from `Continent.all`.
        lookupContinent(code: country.continentCode) ?? Continent(code: country.continentCode, name: "")
    }

    /// `Country.languages`, in the country's order.
    func languages(of country: Country) -> [Language] {
        country.languageCodes.compactMap { lookupLanguage(code: $0) }
    }

    /// `Continent.countries`: the countries whose continent it is, in country order.
    func countries(inContinent code: String) -> [Country] {
        (countriesByContinent[code] ?? []).map { countries[$0] }
    }

    /// `Continent.countries`.
    func countries(of continent: Continent) -> [Country] {
        countries(inContinent: continent.code)
    }

    // MARK: Resolvers (with the spec's checks and errors)

    /// `Query.countries(filter:)`; nil or an empty filter matches all.
    func countries(matching filter: CountryFilter?) throws -> [Country] {
        guard let filter else { return countries }
        let code = try filter.code?.compiled()
        let continent = try filter.continent?.compiled()
        let currency = try filter.currency?.compiled()
        let name = try filter.name?.compiled()
        return countries.filter { country in
            (code?.matches(country.code) ?? true)
                && (continent?.matches(country.continentCode) ?? true)
                && (currency?.matches(anyOf: country.currencies) ?? true)
                && (name?.matches(country.name) ?? true)
        }
    }

    /// `Query.continents(filter:)`; nil or an empty filter matches all.
    func continents(matching filter: ContinentFilter?) throws -> [Continent] {
        guard let code = try filter?.code?.compiled() else { return continents }
        return continents.filter { code.matches($0.code) }
    }

    /// `Query.languages(filter:)`; nil or an empty filter matches all.
    func languages(matching filter: LanguageFilter?) throws -> [Language] {
        guard let code = try filter?.code?.compiled() else { return languages }
        return languages.filter { code.matches($0.code) }
    }

    /// `Query.country(code:)`: throws unless the code is two ASCII capital letters; nil when none has it.
    func country(code: String) throws -> Country? {
        guard CountriesGraphData.isTwoLetters(code, "A"..."Z") else {
            throw CountriesGraphError.invalidCountryCode(code)
        }
        return lookupCountry(code: code)
    }

    /// `Query.continent(code:)`: throws unless the code is two ASCII capital letters; nil when none has it.
    func continent(code: String) throws -> Continent? {
        guard CountriesGraphData.isTwoLetters(code, "A"..."Z") else {
            throw CountriesGraphError.invalidContinentCode(code)
        }
        return lookupContinent(code: code)
    }

    /// `Query.language(code:)`: throws unless the code is two ASCII lowercase letters; nil when none has it.
    func language(code: String) throws -> Language? {
        guard CountriesGraphData.isTwoLetters(code, "a"..."z") else {
            throw CountriesGraphError.invalidLanguageCode(code)
        }
        return lookupLanguage(code: code)
    }

    private static func isTwoLetters(_ code: String, _ letters: ClosedRange<Unicode.Scalar>) -> Bool {
        let scalars = Array(code.unicodeScalars)
        return scalars.count == 2 && scalars.allSatisfy { letters.contains($0) }
    }
}
