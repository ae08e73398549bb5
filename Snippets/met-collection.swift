// The Met collection: a search built from URLComponents query items, then the objects for the
// first results. `CodingKeys` renames `primaryImageSmall` to `imageURL`, and an id that is not
// in the collection (0, whose answer is a 404) is handled instead of ending the run.
//
// Replay it with `workbench replay met-collection --step`; compile and run it with
// `swift run met-collection`.

import Sandbox
import WorkbenchKit

struct SearchResult: Codable {
    let total: Int
    let objectIDs: [Int]
}

struct ArtObject: Codable {
    let objectID: Int
    let title: String
    let objectDate: String
    let imageURL: String

    enum CodingKeys: String, CodingKey {
        case objectID, title, objectDate
        case imageURL = "primaryImageSmall"
    }
}

let sandbox = try await Sandbox.start()
let wb = Workbench(base: "sandbox/met/public/collection/v1", sandbox: sandbox.baseURL)

try wb.path("/search")
wb.query("isOnView", "true")
wb.query("q", "cat")
try wb.url()
try await wb.send()
let search = try wb.decode(SearchResult.self)

for id in search.objectIDs.prefix(2) + [0] {
    try await wb.get("/objects/\(id)")
    do {
        let object = try wb.decode(ArtObject.self)
        print("\(object.title), \(object.objectDate): \(object.imageURL)")
    } catch {
        print("object \(id) is not in the collection: \(error)")
    }
}
