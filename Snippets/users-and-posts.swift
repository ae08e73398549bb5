// JSONPlaceholder: fetch users, then one user's posts, and decode both lists with the same
// generic `decode` — the model is the only thing that changes.
//
// Replay it step by step with `workbench replay users-and-posts --step`; compile and run it with
// `swift run users-and-posts`.

import Sandbox
import WorkbenchKit

struct User: Codable {
    let id: Int
    let name: String
    let username: String
    let email: String
}

struct Post: Codable {
    let userId: Int
    let id: Int
    let title: String
}

let sandbox = try await Sandbox.start()
let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)

try await wb.get("/users")
let users = try wb.decode([User].self)

try await wb.get("/posts", query: ["userId": "1"])
let posts = try wb.decode([Post].self)

print("\(users[0].name) (@\(users[0].username)) wrote \(posts.count) posts")
print("the first one: \(posts[0].title)")

// All posts, grouped per user with `Dictionary(grouping:by:)`.
try await wb.get("/posts", query: ["_limit": "30"])
let recent = try wb.decode([Post].self)
let postsPerUser = Dictionary(grouping: recent, by: \.userId).mapValues(\.count)
for (userId, count) in postsPerUser.sorted(by: { $0.key < $1.key }) {
    print("user \(userId): \(count) posts")
}
