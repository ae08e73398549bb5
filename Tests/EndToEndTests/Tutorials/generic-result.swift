// A generic getJSON with a Result completion, and its async twin.
import Foundation

enum APIError: Error {
    case invalidURL
    case requestFailed(Error)
    case badStatus(Int)
    case decodingFailed(Error)
}

struct User: Codable {
    let id: Int
    let name: String
    let username: String
    let email: String
}

struct Post: Codable {
    let userId: Int
    let id: Int
    let title: String
}

func getJSON<T: Decodable>(urlString: String, completion: @escaping (Result<T, APIError>) -> Void) {
    guard let url = URL(string: urlString) else {
        completion(.failure(.invalidURL))
        return
    }
    URLSession.shared.dataTask(with: url) { data, response, error in
        if let error = error {
            completion(.failure(.requestFailed(error)))
            return
        }
        guard let response = response as? HTTPURLResponse, response.statusCode == 200, let data = data else {
            completion(.failure(.badStatus((response as? HTTPURLResponse)?.statusCode ?? 0)))
            return
        }
        do {
            let decoded = try JSONDecoder().decode(T.self, from: data)
            completion(.success(decoded))
        } catch {
            completion(.failure(.decodingFailed(error)))
        }
    }.resume()
}

func getJSON<T: Decodable>(urlString: String) async throws -> T {
    guard let url = URL(string: urlString) else { throw APIError.invalidURL }
    let (data, response) = try await URLSession.shared.data(from: url)
    guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
        throw APIError.badStatus((response as? HTTPURLResponse)?.statusCode ?? 0)
    }
    return try JSONDecoder().decode(T.self, from: data)
}

let semaphore = DispatchSemaphore(value: 0)
getJSON(urlString: "https://jsonplaceholder.typicode.com/users") { (result: Result<[User], APIError>) in
    switch result {
    case .success(let users):
        print("users:", users.count, users[0].username)
    case .failure(let error):
        print("failed:", error)
    }
    semaphore.signal()
}
semaphore.wait()

let posts: [Post] = try await getJSON(urlString: "https://jsonplaceholder.typicode.com/posts?userId=2")
print("posts of user 2:", posts.count)
print(posts.map(\.id).prefix(3))

do {
    let missing: User = try await getJSON(urlString: "https://jsonplaceholder.typicode.com/users/999")
    print(missing)
} catch {
    print("error:", error)
}
