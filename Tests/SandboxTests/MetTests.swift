import Foundation
import Testing
import SandboxTestSupport

@Suite("Met Collection API")
struct MetTests {
    let client = HTTPClient.shared
    static let prefix = "/met/public/collection/v1"

    private func get(_ base: URL, _ path: String) async throws -> FetchedResponse {
        try await client.fetch(base.at(Self.prefix + path))
    }

    @Test func recordedSearchesAreServedAsRecorded() async throws {
        try await LiveSandbox.with { base in
            let all = try await get(base, "/search?q=cat")
            #expect(all.status == 200)
            #expect(all.text.hasPrefix(#"{"total":51452,"objectIDs":[570722,552027,"#))
            let highlights = try #require(try await get(base, "/search?isHighlight=true&q=cat").json() as? [String: Any])
            #expect(highlights["total"] as? Int == 667)
            // Same query, other parameter order and case.
            let reordered = try #require(try await get(base, "/search?q=Cat&hasImages=true").json() as? [String: Any])
            #expect(reordered["total"] as? Int == 36352)
        }
    }

    @Test func recordedAnswersFromTheHarvestAreServed() async throws {
        try await LiveSandbox.with { base in
            let morris = try #require(try await get(base, "/search?artistOrCulture=true&q=William+Morris").json() as? [String: Any])
            let ids = try #require(morris["objectIDs"] as? [Int])
            #expect(ids.count == 27 && ids.first == 11178)
            // Its objects are all among the sandbox's records.
            for id in ids { #expect(try await get(base, "/objects/\(id)").status == 200, "\(id)") }
            let listing = try #require(try await get(base, "/objects?departmentIds=3").json() as? [String: Any])
            #expect(listing["total"] as? Int == 6222)
        }
    }

    @Test func aFlaggedCassetteIsNotServed() async throws {
        try await LiveSandbox.with { base in
            // Its recorded body belonged to another query; the answer is computed instead.
            let flagged = try #require(try await get(base, "/search?medium=Sculpture&q=cat").json() as? [String: Any])
            #expect(flagged["total"] as? Int != 51452)
        }
    }

    @Test(arguments: ["/search?q=zzzyzzy", "/search", "/search?q="])
    func noMatchIsTotalZeroWithNullObjectIDs(path: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, path)
            #expect(response.status == 200)
            #expect(response.text == #"{"total":0,"objectIDs":null}"#)
        }
    }

    @Test func knownObjectsAreTheRecordedBytes() async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, "/objects/436535")
            #expect(response.status == 200)
            let object = try #require(try response.json() as? [String: Any])
            #expect(object["title"] as? String == "Wheat Field with Cypresses")
            #expect(response.text.hasPrefix(#"{"objectID":436535,"isHighlight":true,"accessionNumber":"1993.132","#))
            for id in [570722, 671456] {
                #expect(try await get(base, "/objects/\(id)").status == 200)
            }
        }
    }

    @Test(arguments: [
        ("/objects/1", #"{"message":"ObjectID not found"}"#),
        ("/objects/abc", #"{"message":"ObjectID not found"}"#),
        ("/objects/", #"{"message":"Not Found"}"#),
        ("/nothing", #"{"message":"Not Found"}"#),
    ])
    func unknownObjectsAre404(path: String, body: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await get(base, path)
            #expect(response.status == 404)
            #expect(response.text == body)
        }
    }

    @Test func departmentsAndListings() async throws {
        try await LiveSandbox.with { base in
            let departments = try #require(try await get(base, "/departments").json() as? [String: Any])
            #expect((departments["departments"] as? [Any])?.count == 19)
            let recorded = try #require(try await get(base, "/objects?departmentIds=15").json() as? [String: Any])
            #expect(recorded["total"] as? Int == 2586)
        }
    }
}
