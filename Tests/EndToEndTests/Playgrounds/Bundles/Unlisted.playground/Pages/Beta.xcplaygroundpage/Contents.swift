//: # Beta
//: `convertFromSnakeCase` maps `created_at` to `createdAt`; dates decode as ISO 8601.
import AppKit

struct Comment: Decodable {
    let postId: Int
    let authorName: String
    let createdAt: Date
}

let json = #"{"post_id": 12, "author_name": "Ines", "created_at": "2024-03-09T14:30:00Z"}"#
let decoder = JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.dateDecodingStrategy = .iso8601
let comment = try! decoder.decode(Comment.self, from: Data(json.utf8))
print("Beta: \(comment.authorName) on post \(comment.postId)")
print("Beta: \(Int(comment.createdAt.timeIntervalSince1970)) seconds since 1970")
//: [Previous](@previous)
