import Foundation
import Testing
import SandboxTestSupport
import Sandbox

@Suite("Met Collection API")
struct MetTests {
    let client = HTTPClient.shared
    static let prefix = "/met/public/collection/v1"

    private func get(_ base: URL, _ path: String) async throws -> FetchedResponse {
        try await client.fetch(base.at(Self.prefix + path))
    }

    /// Every recorded answer (manifest.json) is served in its recorded order, narrowed to the objects held,
    /// so each id it lists answers at `/objects/{id}`; ids are compared with the records read apart.
    @Test func recordedAnswersListOnlyHeldObjectsInTheirRecordedOrder() async throws {
        let folder = MetRecords.folder
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [[String: Any]]
        )
        let held = MetRecords.shared.records
        var checked = 0
        try await LiveSandbox.with { base in
            for entry in manifest where entry["status"] as? Int == 200 && entry["note"].map({ "\($0)" })?.contains("Suspicious") != true {
                guard let url = entry["url"] as? String, let file = (entry["file"] ?? entry["same_body_as"]) as? String,
                      let recordedBody = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))) as? [String: Any],
                      recordedBody["objectIDs"] != nil
                else { continue }
                let path = String(try #require(url.range(of: "/v1").map { url[$0.upperBound...] }))
                let served = try #require(try await get(base, path).json() as? [String: Any], "\(path)")
                let recorded = recordedBody["objectIDs"] as? [Int] ?? []
                let expected = recorded.filter { held[$0] != nil }
                let ids = served["objectIDs"] as? [Int] ?? []
                #expect(ids == expected, "\(path)")
                #expect(served["total"] as? Int == expected.count, "\(path)")
                checked += 1
            }
        }
        #expect(checked >= 14)
    }

    /// The Met tutorial's flow: search for cats, then fetch the first eight objects listed.
    @Test func theFirstObjectsOfASearchForCatsAreServed() async throws {
        try await LiveSandbox.with { base in
            let search = try #require(try await get(base, "/search?q=cat").json() as? [String: Any])
            let ids = try #require(search["objectIDs"] as? [Int])
            #expect(search["total"] as? Int == ids.count && ids.count > 1000)
            #expect(ids.first == 570722)
            for id in ids.prefix(8) {
                let object = try await get(base, "/objects/\(id)")
                #expect(object.status == 200, "\(id)")
            }
            // Same query, other parameter order and case.
            let reordered = try #require(try await get(base, "/search?q=Cat&hasImages=true").json() as? [String: Any])
            let withImages = try #require(try await get(base, "/search?hasImages=true&q=cat").json() as? [String: Any])
            #expect(reordered["objectIDs"] as? [Int] == withImages["objectIDs"] as? [Int])
        }
    }

    @Test func theHarvestedWilliamMorrisSearchIsWhole() async throws {
        try await LiveSandbox.with { base in
            let morris = try #require(try await get(base, "/search?artistOrCulture=true&q=William+Morris").json() as? [String: Any])
            let ids = try #require(morris["objectIDs"] as? [Int])
            #expect(ids.count == 27 && ids.first == 11178)
        }
    }

    /// The catalogue's line for `sandbox` states how many records are held.
    @Test func theListingSaysHowManyObjectsAreHeld() {
        let held = MetRecords.shared.records.count
        let count = held < 1000 ? "\(held)" : "\(held / 1000)," + String(String(held % 1000 + 1000).dropFirst())
        let met = SandboxCatalog.apis.first { $0.name == "met" }
        #expect(met?.title.contains("\(count) real object records") == true)
    }

    @Test func aFlaggedCassetteIsNotServed() async throws {
        try await LiveSandbox.with { base in
            // Its recorded body belonged to another query; the answer is computed instead.
            let flagged = try #require(try await get(base, "/search?medium=Sculpture&q=cat").json() as? [String: Any])
            let cats = try #require(try await get(base, "/search?q=cat").json() as? [String: Any])
            #expect(flagged["objectIDs"] as? [Int] != cats["objectIDs"] as? [Int])
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
            #expect(recorded["total"] as? Int == (recorded["objectIDs"] as? [Int])?.count)
        }
    }
}
