//: # Talking to a JSON API
//: This playground follows *one* request from start to finish: building its URL,
//: decoding its **JSON** body into `Codable` types, and fetching it with `URLSession`.
//:
//: - Building URLs with `URLComponents`
//: - Decoding bundled resources with `JSONDecoder`
//: - Fetching posts from a live service
//:
//: The examples use JSONPlaceholder, a fake REST API. The language is documented at
//: [swift.org](https://www.swift.org).
//:
//: ![diagram](diagram.png)
import Foundation

let steps = ["build a URL", "send a request", "decode the response"]
for (number, step) in steps.enumerated() {
    print("\(number + 1). \(step)")
}

//: `Post` comes from the playground's **Sources** folder, which every page sees.
let sample = Post(userId: 1, id: 0, title: "Hello from Sources", body: "Declared in Sources/Post.swift.")
print("A post: \(sample.title) (\(sample.body.count) characters of body)")

//: [Next](@next)
