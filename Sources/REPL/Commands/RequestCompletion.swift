import Foundation
import WorkbenchKit

/// Completion sources for the request commands: header names, query names, paths, base URLs.
@MainActor
enum RequestCompletion {
    static let commonHeaders = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type",
        "Cookie", "If-Modified-Since", "If-None-Match", "Origin", "Referer", "User-Agent", "X-API-Key",
        "X-Request-ID",
    ]

    /// Prefixes of the sandbox's APIs (DESIGN.md §5).
    static let sandboxAPIs = ["jsonplaceholder", "restcountries/v2", "jokes", "met/public/collection/v1", "httpbin"]

    /// Route paths of the sandbox, by API prefix, for `path` and the verbs.
    static let sandboxPaths: [String: [String]] = [
        "jsonplaceholder": ["/posts", "/posts/1", "/posts/1/comments", "/comments", "/albums", "/photos", "/todos", "/users", "/users/1/posts"],
        "restcountries/v2": ["/all", "/name/", "/alpha/", "/alpha?codes="],
        "jokes": ["/random_joke", "/jokes/ten", "/jokes/programming/ten", "/jokes/1"],
        "met/public/collection/v1": ["/search?q=", "/objects/"],
        "httpbin": ["/anything", "/headers", "/get", "/status/404", "/delay/2", "/redirect/2", "/bytes/64", "/gzip"],
    ]

    static func matching(_ prefix: String, _ candidates: [String], caseInsensitive: Bool = false) -> [String] {
        var seen = Set<String>()
        return candidates.filter { candidate in
            let matches = caseInsensitive ? candidate.lowercased().hasPrefix(prefix.lowercased()) : candidate.hasPrefix(prefix)
            return matches && seen.insert(candidate).inserted
        }
    }

    /// Common header names plus those sent or received so far.
    static func headerNames(_ workbench: Workbench) -> [String] {
        let seen = workbench.exchanges.flatMap { $0.requestHeaders.fields.map(\.name) + $0.response.headers.fields.map { HeaderList.canonicalName($0.name) } }
        return (commonHeaders + workbench.request.headers.fields.map(\.name) + seen).sorted()
    }

    /// Query item names in the current request and in history.
    static func queryNames(_ workbench: Workbench) -> [String] {
        let fromHistory = workbench.exchanges.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems ?? [] }
        return (workbench.request.queryItems + fromHistory).map(\.name)
    }

    /// Paths relative to the base from history, then the sandbox API's routes.
    static func paths(_ workbench: Workbench) -> [String] {
        let basePath = workbench.base?.path ?? ""
        let fromHistory = workbench.exchanges.reversed().compactMap { exchange -> String? in
            guard exchange.url.host == workbench.base?.host, exchange.url.path.hasPrefix(basePath) else { return nil }
            let relative = String(exchange.url.path.dropFirst(basePath.count))
            return relative.isEmpty ? nil : relative
        }
        let api = sandboxAPIs.first { basePath == "/" + $0 }
        return fromHistory + (api.flatMap { sandboxPaths[$0] } ?? [])
    }
}
