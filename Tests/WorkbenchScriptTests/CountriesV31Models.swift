// REST Countries v3.1 models as quicktype writes them for countriesV3.1.json: the root type first,
// then each type after the first one that names it. CountriesV31Tests types THIS FILE's source at the
// prompt, one declaration per input in this order, and compares with JSONDecoder on the same types.
// (quicktype's `typealias Countries = [Country]` is left out: the prompt declares structs and enums.)
import Foundation

// MARK: - Country
struct Country: Codable {
    let name: Name
    let tld: [String]
    let cca2, ccn3, cca3, cioc: String
    let fifa: String
    let independent: Bool
    let status: Status
    let unMember: Bool
    let currencies: [String: Currency]
    let idd: Idd
    let capital: [String]
    let capitalInfo: CapitalInfo
    let altSpellings: [String]
    let region: Region
    let subregion: String
    let continents: [Continent]
    let languages: [String: String]
    let translations: [String: Translation]
    let latlng: [Double]
    let landlocked: Bool
    let borders: [String]
    let area: Double
    let flag: String
    let demonyms: Demonyms
    let flags: Flags
    let coatOfArms: CoatOfArms
    let population: Int
    let maps: Maps
    let gini: [String: Double]
    let car: Car
    let postalCode: PostalCode
    let startOfWeek: StartOfWeek
    let timezones: [String]
}

// MARK: - Name
struct Name: Codable {
    let common, official: String
    let nativeName: [String: Translation]
}

// MARK: - Translation
struct Translation: Codable {
    let official, common: String
}

enum Status: String, Codable {
    case officiallyAssigned = "officially-assigned"
    case userAssigned = "user-assigned"
}

// MARK: - Currency
struct Currency: Codable {
    let name, symbol: String
}

// MARK: - Idd
struct Idd: Codable {
    let root: String
    let suffixes: [String]
}

// MARK: - CapitalInfo
struct CapitalInfo: Codable {
    let latlng: [Double]
}

enum Region: String, Codable {
    case africa = "Africa"
    case americas = "Americas"
    case antarctic = "Antarctic"
    case asia = "Asia"
    case europe = "Europe"
    case oceania = "Oceania"
}

enum Continent: String, Codable {
    case africa = "Africa"
    case antarctica = "Antarctica"
    case asia = "Asia"
    case europe = "Europe"
    case northAmerica = "North America"
    case oceania = "Oceania"
    case southAmerica = "South America"
}

// MARK: - Demonyms
struct Demonyms: Codable {
    let eng, fra: Eng
}

// MARK: - Eng
struct Eng: Codable {
    let f, m: String
}

// MARK: - Flags
struct Flags: Codable {
    let svg: String
    let png: String
    let alt: String
}

// MARK: - CoatOfArms
struct CoatOfArms: Codable {
    let svg: String
    let png: String
}

// MARK: - Maps
struct Maps: Codable {
    let googleMaps: String
    let openStreetMaps: String
}

// MARK: - Car
struct Car: Codable {
    let signs: [String]
    let side: Side
}

enum Side: String, Codable {
    case sideLeft = "left"
    case sideRight = "right"
}

// MARK: - PostalCode
struct PostalCode: Codable {
    let format, regex: String?
}

enum StartOfWeek: String, Codable {
    case monday, saturday, sunday
}
