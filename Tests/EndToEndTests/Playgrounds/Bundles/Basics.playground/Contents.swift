import UIKit

var greeting = "Hello, playground"

//: # Basics
//: Build a request's URL with `URLComponents`, then decode a response body with `JSONDecoder`.

struct Todo: Codable {
    let userId: Int
    let id: Int
    let title: String
    let completed: Bool
}

var components = URLComponents()
components.scheme = "https"
components.host = "jsonplaceholder.typicode.com"
components.path = "/todos"
components.queryItems = [
    URLQueryItem(name: "userId", value: "2"),
    URLQueryItem(name: "completed", value: "true"),
]
print(components.url!.absoluteString)

//: A body as the server sends it; the keys match the property names, so no `CodingKeys` are needed.
let body = #"{"userId": 2, "id": 27, "title": "repot the fern before spring", "completed": true}"#
let todo = try! JSONDecoder().decode(Todo.self, from: Data(body.utf8))
print("Todo #\(todo.id): \(todo.title) (done: \(todo.completed))")
print(greeting.uppercased())
