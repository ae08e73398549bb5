//: # Decoding Resources
//: A playground's **Resources** folders are where `Bundle.main` looks: this page has its own
//: `posts.json`, and the whole playground shares `config.json`. `pretty(_:)` is in this page's
//: own **Sources** folder, so no other page sees it.
import Foundation

let configPath = Bundle.main.path(forResource: "config", ofType: "json")!
let config = FileManager.default.contents(atPath: configPath)!
print(pretty(config))

let postsURL = Bundle.main.url(forResource: "posts", withExtension: "json")!
let data = try! Data(contentsOf: postsURL)
let posts = try! JSONDecoder().decode([Post].self, from: data)
print("\(posts.count) posts in \(postsURL.lastPathComponent)")
for post in posts {
    print("#\(post.id) by user \(post.userId): \(post.title)")
}
let byUser = Dictionary(grouping: posts, by: \.userId).mapValues(\.count)
print(byUser.sorted { $0.key < $1.key }.map { "user \($0.key): \($0.value)" }.joined(separator: ", "))
print("resources found:", Bundle.main.resourceURL != nil)

//: [Previous](@previous) | [Next](@next)
