// The results column's test snippet: a decode, a loop, a function and a print, on Foundation only.
// ReplayResultsTests replays it with `--results` and compiles it with swiftc to know what the
// column must say.

import Foundation

struct Item: Codable {
    let name: String
    let price: Int
}

let json = #"[{"name": "tea", "price": 3}, {"name": "cake", "price": 5}, {"name": "jam", "price": 4}]"#
let items = try JSONDecoder().decode([Item].self, from: Data(json.utf8))
var total = 0
for item in items {
    total += item.price
}
func label(_ item: Item) -> String {
    let text = "\(item.name) costs \(item.price)"
    return text
}
let labels = items.map(label)
print(labels.joined(separator: ", "), "- total", total)
