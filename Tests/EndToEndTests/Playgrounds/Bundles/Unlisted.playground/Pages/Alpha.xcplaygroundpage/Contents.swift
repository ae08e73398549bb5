//: # Alpha
//: `URL` resolves a relative reference against a base, as a browser does.
import Foundation

let base = URL(string: "https://jsonplaceholder.typicode.com/users/3/")!
for reference in ["albums", "../5", "/todos?completed=false"] {
    let resolved = URL(string: reference, relativeTo: base)!
    print("Alpha: \(reference) -> \(resolved.absoluteString)")
}
//: [Next](@next)
