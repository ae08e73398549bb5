import WorkbenchKit

/// REST Countries' v2 and v3.1 datasets, minified once on first use (the real service answers compact JSON).
struct RestCountriesData: Sendable {
    enum Version: String, Sendable, CaseIterable {
        case v2
        case v31 = "v3.1"

        var file: String { self == .v2 ? "restcountries/countriesV2.json" : "restcountries/countriesV3.1.json" }
    }

    let version: Version
    let countries: [JSONRecord]

    static let v2: Result<RestCountriesData, SandboxDataError> = Result { () throws(SandboxDataError) in try load(.v2) }
    static let v31: Result<RestCountriesData, SandboxDataError> = Result { () throws(SandboxDataError) in try load(.v31) }

    static func shared(_ version: Version) -> Result<RestCountriesData, SandboxDataError> {
        version == .v2 ? v2 : v31
    }

    static func load(_ version: Version) throws(SandboxDataError) -> RestCountriesData {
        let original = try SandboxDataFile.document(version.file)
        // Whitespace goes, every value's bytes stay as they are in the file.
        let minified: JSONSource
        do {
            minified = try JSONSource(JSONLayout.minified(original.bytes(of: original.root)))
        } catch {
            throw .unreadable(version.file, error.description)
        }
        do {
            let countries = try JSONRecord.records(in: minified, array: minified.root)
            return RestCountriesData(version: version, countries: countries)
        } catch {
            throw .unreadable(version.file, error.description)
        }
    }

    /// The names a `/name/{name}` search looks at, most official first.
    func names(of country: JSONRecord) -> [String] {
        switch version {
        case .v2:
            return [country.text(atPath: "name")].compactMap { $0 }
        case .v31:
            var names = [country.text(atPath: "name.common"), country.text(atPath: "name.official")].compactMap { $0 }
            let languages = country.node.member("name")?.member("nativeName")?.members
            for language in languages.map(Array.init) ?? [] {
                for member in language.value.members {
                    if let text = country.scalarText(member.value) { names.append(text) }
                }
            }
            return names
        }
    }

    /// The codes `/alpha/{code}` matches: alpha-2 and alpha-3 (v3.1 also the numeric and IOC codes).
    func codes(of country: JSONRecord) -> [String] {
        let keys = version == .v2 ? ["alpha2Code", "alpha3Code"] : ["cca2", "cca3", "ccn3", "cioc"]
        return keys.compactMap { country.text(atPath: $0) }
    }

    /// The strings of an array member (`altSpellings`, v3.1's `capital`), or the member's own text.
    func strings(_ key: String, of country: JSONRecord) -> [String] {
        guard let value = country.node.member(key) else { return [] }
        if value.isArray {
            return value.elements.compactMap { country.scalarText($0) }
        }
        return [country.scalarText(value)].compactMap { $0 }
    }

    /// Keys of an object member (v3.1's `currencies`, `languages`) or, for v2's arrays of objects, their `field` values.
    func codes(_ key: String, field: String, of country: JSONRecord) -> [String] {
        guard let value = country.node.member(key) else { return [] }
        if value.isObject {
            let members = Array(value.members)
            return members.map(\.key) + members.compactMap { country.scalarText($0.value) }
        }
        return value.elements.compactMap { element in
            element.member(field).flatMap { country.scalarText($0) }
        }
    }
}
