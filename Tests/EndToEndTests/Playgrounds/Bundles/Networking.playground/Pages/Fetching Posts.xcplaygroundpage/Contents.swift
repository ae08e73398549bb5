//: # Fetching Posts
//: A response arrives after the page's last line has run, so the page asks to keep running
//: with `needsIndefiniteExecution` and stops itself once the response is handled.
import Foundation
import PlaygroundSupport

PlaygroundPage.current.needsIndefiniteExecution = true

let url = URL(string: "https://jsonplaceholder.typicode.com/posts?userId=1")!
let task = URLSession.shared.dataTask(with: url) { data, response, error in
    defer { PlaygroundPage.current.finishExecution() }
    if let error = error {
        print("Request failed: \(error.localizedDescription)")
        return
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    print("GET \(url.absoluteString): \(status)")
    guard let data = data, let posts = try? JSONDecoder().decode([Post].self, from: data) else {
        print("The body is not a list of posts")
        return
    }
    print("\(posts.count) posts")
    print("First: \(posts[0].title)")
    print("Users: \(Set(posts.map(\.userId)).sorted())")
}
task.resume()

//: [Previous](@previous) | [Next](@next)
