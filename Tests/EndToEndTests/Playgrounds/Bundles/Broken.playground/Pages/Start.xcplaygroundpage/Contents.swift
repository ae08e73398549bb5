//: # Start
//: This page cannot run: the playground's **Sources** do not compile.
import Foundation

let endpoint = Endpoint(path: "/posts")
print("https://\(defaultHost)\(endpoint.path)")
