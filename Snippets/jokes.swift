// The joke API: ten programming jokes decoded into a model (`seed` keeps them the same every
// run), then a request for a joke that does not exist, and the error decoding it gives.
//
// Replay it with `workbench replay jokes --step`; compile and run it with `swift run jokes`.

import Sandbox
import WorkbenchKit

struct Joke: Codable {
    let id: Int
    let type: String
    let setup: String
    let punchline: String
}

let sandbox = try await Sandbox.start()
let wb = Workbench(base: "sandbox/jokes", sandbox: sandbox.baseURL)

try await wb.get("/jokes/programming/ten", query: ["seed": "7"])
let jokes = try wb.decode([Joke].self)
for joke in jokes.prefix(3) {
    print("\(joke.setup) — \(joke.punchline)")
}

// There is no joke 9999: the API answers 404 with a different JSON object.
try await wb.get("/jokes/9999")
try wb.status()
do {
    let joke = try wb.decode(Joke.self)
    print(joke.punchline)
} catch {
    print(error)
}
