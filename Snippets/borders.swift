// REST Countries: look up Germany by its full name, then fetch all of its neighbours with one
// `alpha?codes=` request built from the first result's `borders`.
//
// Replay it with `workbench replay borders --step`; compile and run it with `swift run borders`.

import Sandbox
import WorkbenchKit

struct Country: Codable {
    let name: String
    let alpha3Code: String
    let capital: String
    let population: Int
    let borders: [String]
}

let sandbox = try await Sandbox.start()
let wb = Workbench(base: "sandbox/restcountries/v2", sandbox: sandbox.baseURL)

try await wb.get("/name/germany", query: ["fullText": "true"])
let countries = try wb.decode([Country].self)
let germany = countries[0]
print("\(germany.name) has \(germany.borders.count) neighbours: \(germany.borders.joined(separator: ", "))")

try await wb.get("/alpha", query: ["codes": germany.borders.joined(separator: ";")])
let neighbours = try wb.decode([Country].self)
for neighbour in neighbours.sorted(by: { $0.population > $1.population }) {
    print("\(neighbour.name): capital \(neighbour.capital), \(neighbour.population) people")
}
