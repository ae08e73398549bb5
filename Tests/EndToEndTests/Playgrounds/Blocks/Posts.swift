// Posts: #Playground blocks that await requests, decoding the JSON into a type declared outside
// them with a helper every block calls.
import Foundation
import Playgrounds

struct Post: Decodable {
    let userId: Int
    let id: Int
    let title: String
}

let api = URL(string: "https://jsonplaceholder.typicode.com")!

func fetch<Value: Decodable>(_ type: Value.Type, from path: String) async throws -> Value {
    let (data, response) = try await URLSession.shared.data(from: api.appendingPathComponent(path))
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    print("GET /\(path): \(status), \(data.count) bytes")
    return try JSONDecoder().decode(type, from: data)
}

#Playground("First Post") {
    let post = try await fetch(Post.self, from: "posts/1")
    print("#\(post.id) by user \(post.userId): \(post.title)")
}

#Playground("A User's Posts") {
    let posts = try await fetch([Post].self, from: "users/2/posts")
    print("\(posts.count) posts, ids \(posts.map(\.id).min()!)...\(posts.map(\.id).max()!)")
    for post in posts.prefix(3) {
        print("- \(post.title)")
    }
}

#Playground {
    var components = URLComponents(url: api.appendingPathComponent("todos"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "userId", value: "3"), URLQueryItem(name: "completed", value: "true")]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    let todos = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    print("user 3 finished \(todos.count) todos; the first: \(todos.first?["title"] ?? "none")")
}
