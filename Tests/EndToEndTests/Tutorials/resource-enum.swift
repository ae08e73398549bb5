// An enum of resources turned into URLRequests with URLComponents, one answer feeding the next.
import Foundation

struct Country: Codable {
    let name: String
    let capital: String?
    let alpha3Code: String
    let borders: [String]?
}

enum Resource {
    case country(name: String)
    case codes([String])

    var request: URLRequest {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "restcountries.com"
        switch self {
        case .country(let name):
            components.path = "/v2/name/\(name)"
            components.queryItems = [URLQueryItem(name: "fullText", value: "true")]
        case .codes(let codes):
            components.path = "/v2/alpha"
            components.queryItems = [URLQueryItem(name: "codes", value: codes.joined(separator: ";"))]
        }
        var request = URLRequest(url: components.url!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }
}

func load<T: Decodable>(_ resource: Resource, as type: T.Type) async throws -> T {
    let (data, response) = try await URLSession.shared.data(for: resource.request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    return try JSONDecoder().decode(T.self, from: data)
}

print(Resource.codes(["PER", "CHL"]).request.url!)
let peru = try await load(.country(name: "peru"), as: [Country].self)[0]
print(peru.name, peru.capital ?? "-", peru.borders ?? [])
let neighbours = try await load(.codes(peru.borders ?? []), as: [Country].self)
for country in neighbours.sorted(by: { $0.name < $1.name }) {
    print(country.alpha3Code, country.name, country.capital ?? "-")
}
