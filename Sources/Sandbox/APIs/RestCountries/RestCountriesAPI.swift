import Foundation

/// `/restcountries/v2` and `/restcountries/v3.1`: restcountries.com on its real paths, compact JSON.
enum RestCountriesAPI {
    static let notFound = SandboxResponse.json(Array(#"{"status":404,"message":"Not Found"}"#.utf8), status: 404)
    static let badRequest = SandboxResponse.json(Array(#"{"status":400,"message":"Bad Request"}"#.utf8), status: 400)

    /// restcountries.com's routes, each under `/v2` and `/v3.1` (`{version}`); `?fields=name,capital` narrows any list.
    static let routes: [SandboxRoute] = [
        SandboxRoute(["GET"], "/{version}/all", note: "version: v2 or v3.1; ?fields=name,capital",
                     examples: ["/v2/all", "/v3.1/all"]) { request in
            answer(request) { data, fields in list(data.countries, fields: fields) }
        },
        SandboxRoute(["GET"], "/{version}/name/{name}", note: "?fullText=true for the whole name",
                     examples: ["/v2/name/", "/v3.1/name/"]) { request in
            answer(request) { data, fields in
                let fullText = request.queryValue("fullText")?.lowercased() == "true"
                return list(byName(request.apiSegments[2], fullText: fullText, in: data), fields: fields)
            }
        },
        SandboxRoute(["GET"], "/{version}/alpha/{code}", note: "a 2- or 3-letter code; v2 answers one object",
                     examples: ["/v2/alpha/", "/v3.1/alpha/"]) { request in
            answer(request) { data, fields in byCode(request.apiSegments[2], data: data, fields: fields) }
        },
        SandboxRoute(["GET"], "/{version}/alpha", note: "?codes=col;no;ee (v3.1: ?codes=col,no)",
                     examples: ["/v2/alpha?codes=", "/v3.1/alpha?codes="]) { request in
            answer(request) { data, fields in byCodes(request, data: data, fields: fields) }
        },
    ] + searchRoutes.map { route in
        SandboxRoute(["GET"], "/{version}/\(route)/{\(route)}") { request in
            answer(request) { data, fields in
                let matches = data.countries.filter { country in
                    candidates(route, of: country, in: data).contains { matchesWord($0, request.apiSegments[2], route) }
                }
                return list(matches, fields: fields)
            }
        }
    }

    /// The answer from the version's loaded dataset and the request's `fields`; a version that is not v2 or v3.1 is 404.
    private static func answer(
        _ request: SandboxRequest, _ body: (RestCountriesData, [String]?) -> SandboxResponse
    ) -> SandboxResponse {
        guard let version = RestCountriesData.Version(rawValue: request.apiSegments[0]) else { return notFound }
        switch RestCountriesData.shared(version) {
        case .success(let data): return body(data, fieldList(request))
        case .failure(let error): return error.response
        }
    }

    private static func byCode(_ code: String, data: RestCountriesData, fields: [String]?) -> SandboxResponse {
        guard (2...3).contains(code.count) else { return badRequest }
        let matches = data.countries.filter { data.codes(of: $0).contains { $0.caseInsensitiveCompare(code) == .orderedSame } }
        // v2 answers one object for one code; v3.1 answers an array.
        if data.version == .v2, let country = matches.first { return .json(render(country, fields: fields)) }
        return list(matches, fields: fields)
    }

    private static func byCodes(_ request: SandboxRequest, data: RestCountriesData, fields: [String]?) -> SandboxResponse {
        let codes = (request.queryValue("codes") ?? "").split { $0 == ";" || $0 == "," }.map(String.init)
        guard !codes.isEmpty else { return badRequest }
        let matches = data.countries.filter { country in
            data.codes(of: country).contains { code in codes.contains { $0.caseInsensitiveCompare(code) == .orderedSame } }
        }
        return list(matches, fields: fields)
    }

    /// Partial, case-insensitive search on the name; `fullText` wants the whole name. v2 falls back to alternative spellings.
    static func byName(_ name: String, fullText: Bool, in data: RestCountriesData) -> [JSONRecord] {
        let wanted = name.lowercased()
        let test: (String) -> Bool = fullText ? { $0.lowercased() == wanted } : { $0.lowercased().contains(wanted) }
        let byName = data.countries.filter { data.names(of: $0).contains(where: test) }
        guard byName.isEmpty, data.version == .v2 else { return byName }
        return data.countries.filter { data.strings("altSpellings", of: $0).contains(where: test) }
    }

    /// Routes that search one field: `/capital/{capital}` and the like.
    static let searchRoutes = ["capital", "region", "subregion", "currency", "lang"]

    /// The values a search route compares.
    private static func candidates(_ route: String, of country: JSONRecord, in data: RestCountriesData) -> [String] {
        switch route {
        case "capital": return data.strings("capital", of: country)
        case "region": return data.strings("region", of: country)
        case "subregion": return data.strings("subregion", of: country)
        case "currency": return data.codes("currencies", field: "code", of: country)
        case "lang": return data.codes("languages", field: "iso639_1", of: country)
                + data.codes("languages", field: "iso639_2", of: country) + data.codes("languages", field: "name", of: country)
        default: return []
        }
    }

    private static func matchesWord(_ candidate: String, _ value: String, _ route: String) -> Bool {
        let exact = route == "region" || route == "subregion" || route == "currency" || route == "lang"
        return exact ? candidate.caseInsensitiveCompare(value) == .orderedSame : candidate.lowercased().contains(value.lowercased())
    }

    /// `?fields=name,capital` (v2 also accepts `;`).
    private static func fieldList(_ request: SandboxRequest) -> [String]? {
        guard let text = request.queryValue("fields"), !text.isEmpty else { return nil }
        return text.split { $0 == "," || $0 == ";" }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func list(_ countries: [JSONRecord], fields: [String]?) -> SandboxResponse {
        guard !countries.isEmpty else { return notFound }
        return .json(JSONValue.array(countries.map { .raw(render($0, fields: fields)) }).rendered(pretty: false))
    }

    /// The record's bytes, or only the requested members in the record's order.
    static func render(_ country: JSONRecord, fields: [String]?) -> [UInt8] {
        guard let fields else { return Array(country.bytes) }
        let members = country.members.filter { fields.contains($0.key) }
        return JSONValue.object(members.map { ($0.key, .raw(Array(country.source.bytes[$0.value]))) }).rendered(pretty: false)
    }
}
