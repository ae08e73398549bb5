// Greetings: unnamed and named #Playground blocks, and the type and value outside them that they share.
import Foundation
import Playgrounds

struct Greeting {
    let name: String
    let language: String

    var text: String {
        switch language {
        case "fr": "Bonjour, \(name) !"
        case "es": "¡Hola, \(name)!"
        default: "Hello, \(name)!"
        }
    }
}

let visitors = ["Ada", "Grace", "Linus"]

#Playground {
    let greeting = Greeting(name: visitors[0], language: "en")
    print(greeting.text)
}

#Playground("In Three Languages") {
    let greeting = ["en", "fr", "es"].map { Greeting(name: visitors[1], language: $0).text }
    print(greeting.joined(separator: " / "))
}

#Playground {
    // Each block is its own closure: this `greeting` is a String the other blocks never see.
    var greeting = ""
    for (index, name) in visitors.enumerated() {
        greeting += "\(index + 1). \(name)\n"
    }
    print(greeting, terminator: "")
    print("\(visitors.count) visitors, \(visitors.map(\.count).reduce(0, +)) letters")
}
