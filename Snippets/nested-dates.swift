// A nested decode: the value under an API's root key (`{"data": …}`), with ISO-8601 dates.
// The document is given inline with `json`, so this one needs no server at all.
//
// Replay it with `workbench replay nested-dates --step`; compile and run it with
// `swift run nested-dates`.

import Foundation
import WorkbenchKit

struct Release: Codable {
    let version: String
    let date: Date
}

struct Changelog: Codable {
    let project: String
    let releases: [Release]
}

let wb = Workbench()

try wb.json("""
    {"data": {"project": "Workbench", "releases": [
        {"version": "0.1", "date": "2026-11-21T20:00:00Z"},
        {"version": "0.2", "date": "2026-11-28T09:30:00Z"}
    ]}}
    """)
let changelog = try wb.decode(Changelog.self, dates: .iso8601, at: "data")
print("\(changelog.project) \(changelog.releases[1].version) came out \(changelog.releases[1].date)")
