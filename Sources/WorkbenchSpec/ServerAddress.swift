import Foundation
import OpenAPIKit

/// A server entry as a URL: each `{variable}` at its default (`{scheme}://host/ds-api` →
/// `https://host/ds-api`), and a relative URL (`/api/v3`) resolved against where the document
/// was fetched, as the OpenAPI specification says.
enum ServerAddress {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func resolve(_ server: OpenAPI.Server, against location: URL?) -> Result<String, Problem> {
        var text = server.urlTemplate.rawValue
        for (name, variable) in server.variables {
            text = text.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        if text.contains("{") {
            return .failure(Problem(description: "server \(server.urlTemplate.rawValue) has a variable without a default; left out"))
        }
        if let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()) {
            return .success(trimmed(text))
        }
        guard let location, location.scheme == "http" || location.scheme == "https",
              let resolved = URL(string: text, relativeTo: location)?.absoluteURL.absoluteString else {
            return .failure(Problem(description: "server \(text) is relative to where the document is served, and this one was read from a file: set the base with `base URL` (or `spec --server N`)"))
        }
        return .success(trimmed(resolved))
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix("/") && !text.hasSuffix("://") { text.removeLast() }
        return text
    }
}
