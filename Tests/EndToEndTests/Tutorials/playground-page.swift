// A playground page: a top-level Task that searches the Met collection and loads objects in a loop.
import UIKit
import PlaygroundSupport

PlaygroundPage.current.needsIndefiniteExecution = true

struct ObjectIDs: Codable {
    let total: Int
    let objectIDs: [Int]
}

struct Object: Codable {
    let objectID: Int
    let title: String
    let objectURL: String
}

var objects: [Object] = []
let session = URLSession(configuration: .default)
var components = URLComponents(string: "https://collectionapi.metmuseum.org/public/collection/v1/search")!
components.queryItems = [URLQueryItem(name: "q", value: "sunflowers")]
let request = URLRequest(url: components.url!)

Task {
    do {
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            print("search failed")
            return
        }
        let found = try JSONDecoder().decode(ObjectIDs.self, from: data)
        print("found \(found.total) objects")
        for objectID in found.objectIDs.prefix(3) {
            let url = URL(string: "https://collectionapi.metmuseum.org/public/collection/v1/objects/\(objectID)")!
            let (objectData, _) = try await session.data(from: url)
            objects.append(try JSONDecoder().decode(Object.self, from: objectData))
        }
        print(objects.map(\.title))
    } catch {
        print(error)
    }
    PlaygroundPage.current.finishExecution()
}
