import Foundation

public extension URLComponents {
    /// An address on JSONPlaceholder, its query items in the order given.
    static func jsonPlaceholder(path: String, query: KeyValuePairs<String, String> = [:]) -> URLComponents {
        var components = URLComponents()
        components.scheme = "https"
        components.host = placeholderHost
        components.path = path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        return components
    }

    /// The query items by name; a name given twice keeps its last value.
    var queryDictionary: [String: String] {
        var dictionary: [String: String] = [:]
        for item in queryItems ?? [] {
            dictionary[item.name] = item.value ?? ""
        }
        return dictionary
    }
}

// Internal: the pages cannot see it, only this module.
let placeholderHost = "jsonplaceholder.typicode.com"
