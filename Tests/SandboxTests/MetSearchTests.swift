import Foundation
import Testing
import SandboxTestSupport

/// `/search` computed from the object records, checked against the records read independently (`MetRecords`).
@Suite("Met Collection API searches")
struct MetSearchTests {
    let client = HTTPClient.shared
    let records = MetRecords.shared

    /// The fields every search looks in; a record holding the term in one of them must be found.
    static let searchedFields = ["title", "artistDisplayName", "culture", "medium", "objectName", "classification",
                                 "department", "period", "tags"]

    private func ids(_ base: URL, _ query: String) async throws -> (total: Int, ids: [Int]?) {
        let response = try await client.fetch(base.at(MetTests.prefix + "/search?" + query))
        #expect(response.status == 200)
        let body = try #require(try response.json() as? [String: Any])
        return (try #require(body["total"] as? Int), body["objectIDs"] as? [Int])
    }

    @Test func theRecordsAreAllThere() {
        #expect(records.records.count == 1299, "the harvest's 1299 records, which hold the 3 served before")
    }

    @Test(arguments: ["sunflowers", "cats", "degas", "bronze", "egyptian", "cuneiform", "Arlésienne"])
    func aSearchFindsTheRecordsHoldingTheWord(term: String) async throws {
        try await LiveSandbox.with { base in
            let query = term.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? term
            let (total, ids) = try await ids(base, "q=" + query)
            let found = try #require(ids, "'\(term)' is in some record")
            #expect(total == found.count)
            #expect(Set(found).count == found.count, "no id twice")
            for id in found {
                #expect(records.holds(id, term.folding(options: .diacriticInsensitive, locale: nil)), "\(id) holds '\(term)'")
            }
            let expected = records.ids(holding: term.folding(options: .diacriticInsensitive, locale: nil), in: Self.searchedFields)
            #expect(!expected.isEmpty)
            #expect(expected.isSubset(of: Set(found)), "missing: \(expected.subtracting(found).sorted())")
        }
    }

    @Test func sunflowersFindsVanGoghsSunflowers() async throws {
        try await LiveSandbox.with { base in
            let found = try #require(try await ids(base, "q=sunflowers").ids)
            #expect(found.contains(436524))
            #expect(try await ids(base, "q=Sunflower").ids == found, "case and the singular do not matter")
        }
    }

    @Test func objectsWithEveryWordComeFirst() async throws {
        try await LiveSandbox.with { base in
            let found = try #require(try await ids(base, "q=van%20gogh").ids)
            let both = found.map { records.holds($0, "van") && records.holds($0, "gogh") }
            #expect(both.first == true)
            #expect(both.contains(false), "any one word is enough, as the real API answers")
            #expect(!both.drop(while: { $0 }).contains(true), "every record with both words comes before the others")
        }
    }

    @Test func aWordInsideAnotherIsNotAMatch() async throws {
        try await LiveSandbox.with { base in
            // "Yucatan" and "catalogue" are in the records; the real API does not find them for "cat".
            let found = try #require(try await ids(base, "q=cats").ids)
            for id in found { #expect(records.holds(id, "cat"), "\(id)") }
            #expect(try await ids(base, "q=yuca").ids == nil)
        }
    }

    @Test(arguments: ["q=zzzyzzy", "q=sunflowers&departmentId=10", "q=sunflowers&dateEnd=1500", "q=cats&departmentId=x"])
    func noMatchIsTotalZeroWithNullObjectIDs(query: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at(MetTests.prefix + "/search?" + query))
            #expect(response.text == #"{"total":0,"objectIDs":null}"#)
        }
    }

    @Test func filtersNarrowTheResults() async throws {
        try await LiveSandbox.with { base in
            func narrowed(_ filter: String, term: String = "cats", _ check: (Int) -> Bool) async throws {
                let all = Set(try #require(try await ids(base, "q=" + term).ids))
                let ids = try #require(try await ids(base, "q=\(term)&" + filter).ids, "\(filter) leaves some")
                #expect(Set(ids).isSubset(of: all), "\(filter)")
                #expect(ids.count < all.count, "\(filter) narrows")
                for id in ids { #expect(check(id), "\(filter): \(id)") }
                let left = all.subtracting(ids)
                #expect(left.allSatisfy { !check($0) }, "\(filter) keeps every match: \(left.filter(check).sorted())")
            }
            try await narrowed("hasImages=true") {
                !records.string($0, "primaryImage").isEmpty || !(records.records[$0]?["additionalImages"] as? [Any] ?? []).isEmpty
            }
            try await narrowed("isHighlight=true") { records.records[$0]?["isHighlight"] as? Bool == true }
            // Every record with "cats" is on view (they come from an isOnView search).
            try await narrowed("isOnView=true", term: "bronze") { !records.string($0, "GalleryNumber").isEmpty }
            try await narrowed("departmentId=10") { records.string($0, "department") == "Egyptian Art" }
            try await narrowed("medium=Paintings") { records.holds($0, "paintings", in: ["medium", "classification", "objectName"]) }
            try await narrowed("geoLocation=Egypt") {
                records.holds($0, "egypt", in: ["country", "region", "subregion", "state", "county", "city", "locale",
                                                  "culture", "artistNationality"])
            }
            try await narrowed("dateBegin=1800&dateEnd=1900") {
                (records.records[$0]?["objectBeginDate"] as? Int ?? .min) >= 1800
                    && (records.records[$0]?["objectEndDate"] as? Int ?? .max) <= 1900
            }
        }
    }

    @Test func artistOrCultureLooksOnlyAtArtistAndCulture() async throws {
        try await LiveSandbox.with { base in
            let found = try #require(try await ids(base, "q=egyptian&artistOrCulture=true").ids)
            let everywhere = try #require(try await ids(base, "q=egyptian").ids)
            #expect(found.count < everywhere.count, "'Egyptian Art' the department is not a culture")
            for id in found { #expect(records.holds(id, "egyptian", in: ["artistDisplayName", "constituents", "culture"])) }
        }
    }

    @Test(arguments: [("title", ["title"]), ("tags", ["tags"])])
    func titleAndTagsLookOnlyThere(flag: String, fields: [String]) async throws {
        try await LiveSandbox.with { base in
            let found = try #require(try await ids(base, "q=cats&\(flag)=true").ids)
            let everywhere = try #require(try await ids(base, "q=cats").ids)
            #expect(found.count < everywhere.count)
            #expect(Set(found) == records.ids(holding: "cats", in: fields), "\(flag)")
        }
    }

    @Test func tutorialFlowSearchThenEachObject() async throws {
        try await LiveSandbox.with { base in
            let found = try #require(try await ids(base, "q=sunflowers").ids)
            for id in found {
                let object = try await client.fetch(base.at(MetTests.prefix + "/objects/\(id)"))
                #expect(object.status == 200)
                let stored = try #require(records.bytes[id])
                // The file's final newline is the file's, not the record's.
                #expect(object.body == (stored.last == 0x0A ? stored.dropLast() : stored), "objects/\(id) is the record as stored")
            }
        }
    }

    @Test func departmentListingsComeFromTheRecords() async throws {
        try await LiveSandbox.with { base in
            func listing(_ query: String) async throws -> [Int] {
                let response = try await client.fetch(base.at(MetTests.prefix + "/objects?" + query))
                let body = try #require(try response.json() as? [String: Any])
                return body["objectIDs"] as? [Int] ?? []
            }
            func inDepartments(_ names: Set<String>) -> [Int] {
                records.records.keys.filter { names.contains(records.string($0, "department")) }.sorted()
            }
            #expect(try await listing("departmentIds=11") == inDepartments(["European Paintings"]))
            #expect(try await listing("departmentIds=10|13") == inDepartments(["Egyptian Art", "Greek and Roman Art"]))
            // 21 is "Modern Art" in /departments; records fetched before the renaming say the older name.
            #expect(try await listing("departmentIds=21") == inDepartments(["Modern Art", "Modern and Contemporary Art"]))
            let recent = try await listing("departmentIds=11&metadataDate=2024-01-01")
            #expect(recent == inDepartments(["European Paintings"]).filter { records.string($0, "metadataDate") >= "2024-01-01" })
            #expect(!recent.isEmpty)
        }
    }
}
