// Every command of the prompt, as the statement save writes for it.
//
// Replay it with `workbench replay every-command --step`; compile and run it with `swift run every-command`.

import Foundation
import Sandbox
import WorkbenchKit

struct Member: Codable {
    let id: Int
    let name: String
    let joinedAt: Date
}

let sandbox = try await Sandbox.start()
let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

try wb.path("/posts")
wb.path()
wb.query("userId", "1")
wb.query("_limit", "2")
wb.query()
wb.removeQuery("_limit")
try wb.header("Accept", "application/json")
try wb.defaultHeader("X-Client", "workbench")
wb.header()
wb.removeHeader("Accept")
try wb.method("GET")
print(wb.request.method)
try wb.url()
try await wb.send()
try wb.status()
try wb.headers("Content-Type")
try wb.body()
try wb.body(raw: true)
try wb.timing()
try wb.show(1)
try wb.curl()
try await wb.get("/posts/1")
try await wb.post("/posts", json: ["title": "Hello", "userId": 1])
try await wb.put("/posts/1", json: ["title": "x"])
try await wb.patch("/posts/1", json: ["title": "y"])
try await wb.delete("/posts/1")
try await wb.head("/posts")
try wb.body(json: #"{"title": "draft"}"#)
wb.form(["a": "b", "c": "d e"])
wb.removeBody()
wb.reset()
wb.timeout = 10.0
wb.followRedirects = false
wb.bodyLines = 20
wb.console.colors = false
try wb.json(#"{"id": 7, "name": "Ada", "joined_at": "2024-05-01T10:00:00Z"}"#)
try wb.decode(Member.self, keys: .convertFromSnakeCase, dates: .iso8601)
var member = try wb.decode(Member.self, keys: .convertFromSnakeCase, dates: .iso8601)
print(member.name)
