// A playground page whose Task waits before its request: the page keeps running until
// finishExecution(), however long the Task takes to reach its first request.
import Foundation
import PlaygroundSupport

PlaygroundPage.current.needsIndefiniteExecution = true

struct Joke: Codable {
    let id: Int
    let setup: String
}

Task {
    try? await Task.sleep(nanoseconds: 500_000_000)
    do {
        let url = URL(string: "https://official-joke-api.appspot.com/jokes/1")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let joke = try JSONDecoder().decode(Joke.self, from: data)
        print("joke \(joke.id): \(joke.setup)")
    } catch {
        print(error)
    }
    PlaygroundPage.current.finishExecution()
}
