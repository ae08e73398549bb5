import Foundation
import Testing
import SandboxTestSupport

@Suite("REST Countries")
struct RestCountriesTests {
    let client = HTTPClient.shared

    private func get(_ base: URL, _ path: String) async throws -> FetchedResponse {
        try await client.fetch(base.at("/restcountries" + path))
    }

    @Test func allCountriesInBothVersions() async throws {
        try await LiveSandbox.with { base in
            for version in ["v2", "v3.1"] {
                let response = try await get(base, "/\(version)/all")
                #expect(response.status == 200)
                #expect((try response.json() as? [Any])?.count == 250, "\(version)")
                #expect(!response.text.contains("\n"), "the real service answers compact JSON")
            }
        }
    }

    @Test func v2AlphaAnswersOneObjectAndV31AnArray() async throws {
        try await LiveSandbox.with { base in
            let v2 = try #require(try await get(base, "/v2/alpha/col").json() as? [String: Any])
            #expect(v2["name"] as? String == "Colombia")
            #expect(v2["borders"] as? [String] == ["BRA", "ECU", "PAN", "PER", "VEN"])
            let v2Two = try #require(try await get(base, "/v2/alpha/CO").json() as? [String: Any])
            #expect(v2Two["alpha3Code"] as? String == "COL")
            let v31 = try #require(try await get(base, "/v3.1/alpha/col").json() as? [[String: Any]])
            #expect((v31.first?["name"] as? [String: Any])?["common"] as? String == "Colombia")
        }
    }

    @Test(arguments: [
        ("/v2/name/united", 5),
        ("/v2/name/UNITED%20STATES", 2),
        ("/v2/name/Colombia?fullText=true", 1),
        ("/v2/name/colomb?fullText=true", 0),
        ("/v3.1/name/deutschland", 1),
        ("/v2/alpha?codes=col;no;ee", 3),
        ("/v2/alpha?codes=col,nor,xx", 2),
        ("/v3.1/alpha?codes=col,no", 2),
        ("/v2/capital/bogot", 1),
        ("/v2/region/oceania", 27),
    ])
    func searchesFindTheRealCountries(path: String, count: Int) async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, path)
            if count == 0 {
                #expect(response.status == 404)
            } else {
                #expect(response.status == 200)
                #expect((try response.json() as? [Any])?.count == count)
            }
        }
    }

    @Test func fieldsKeepOnlyTheNamedMembers() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/v2/alpha?codes=col&fields=name,capital")
            // The record's member order (capital before name in this file), each value's bytes as in the file.
            #expect(response.text.hasPrefix(#"[{"capital":"Bogot"#))
            let countries = try #require(try response.json() as? [[String: String]])
            #expect(countries == [["capital": "Bogotá", "name": "Colombia"]])
            let v31 = try #require(try await get(base, "/v3.1/alpha/no?fields=cca3").json() as? [[String: Any]])
            #expect(v31.first?.keys.sorted() == ["cca3"])
        }
    }

    @Test(arguments: [
        ("/v2/alpha/zzz", 404, #"{"status":404,"message":"Not Found"}"#),
        ("/v2/name/atlantis", 404, #"{"status":404,"message":"Not Found"}"#),
        ("/v3.1/alpha/xx", 404, #"{"status":404,"message":"Not Found"}"#),
        ("/v2/alpha/colombia", 400, #"{"status":400,"message":"Bad Request"}"#),
        ("/v9/all", 404, #"{"status":404,"message":"Not Found"}"#),
    ])
    func errorsHaveTheRealShape(path: String, status: Int, body: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, path)
            #expect(response.status == status)
            #expect(response.text == body)
        }
    }
}
