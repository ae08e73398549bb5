// package add https://github.com/OpenCombine/OpenCombine from 0.14.0 products OpenCombine OpenCombineFoundation
import Foundation
import OpenCombine
import OpenCombineFoundation

struct Post: Decodable {
    let id: Int
    let title: String
}

var cancellables = Set<AnyCancellable>()
URLSession.shared.dataTaskPublisher(for: URL(string: "https://jsonplaceholder.typicode.com/posts/1")!)
    .map(\.data)
    .decode(type: Post.self, decoder: JSONDecoder())
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("post \($0.id):", $0.title) })
    .store(in: &cancellables)
