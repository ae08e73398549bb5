// A singleton network helper with a completion handler, decoding jokes in the callback.
import Foundation

struct Joke: Codable {
    let id: Int
    let type: String
    let setup: String
    let punchline: String
}

class NetworkHelper {
    static let manager = NetworkHelper()

    func getData(from url: URL, completionHandler: @escaping (Data?, Error?) -> Void) {
        URLSession.shared.dataTask(with: url) { data, _, error in
            completionHandler(data, error)
        }.resume()
    }
}

class JokeService {
    func fetchTen(completion: @escaping ([Joke]) -> Void) {
        let url = URL(string: "https://official-joke-api.appspot.com/jokes/ten")!
        NetworkHelper.manager.getData(from: url) { data, error in
            guard let data = data, error == nil else { print("failed", error!); return }
            let jokes = (try? JSONDecoder().decode([Joke].self, from: data)) ?? []
            completion(jokes)
        }
    }
}

JokeService().fetchTen { jokes in
    print("got \(jokes.count) jokes")
    print(jokes.allSatisfy { !$0.punchline.isEmpty })
}
print("asked for jokes")
