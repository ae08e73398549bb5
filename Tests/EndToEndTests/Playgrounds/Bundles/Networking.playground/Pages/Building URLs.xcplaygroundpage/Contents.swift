/*:
 # Building URLs
 `URLComponents` percent-escapes each part for you. The `jsonPlaceholder(path:query:)`
 helper in the playground's **Sources** folder fills in the scheme and the host.

 [Previous](@previous) | [Next](@next)

 Know this already? [Jump to fetching](Fetching%20Posts)
 */
import Foundation

//#-hidden-code
func show(_ components: URLComponents) {
    print(components.url?.absoluteString ?? "no URL")
}
//#-end-hidden-code

var posts = URLComponents.jsonPlaceholder(path: "/posts", query: ["userId": "1"])
show(posts)

let comments = URLComponents.jsonPlaceholder(path: "/comments", query: ["postId": "3", "q": "hello world"])
show(comments)
print(comments.queryDictionary["q"]!)

//: Query items can be added later; the order they are in is the order they are sent.
posts.queryItems?.append(URLQueryItem(name: "_limit", value: "2"))
show(posts)
print(posts.queryDictionary.keys.sorted())

//: [Previous](@previous) | [Next](@next)
