import Foundation

/// Maps URLs of the real APIs to the sandbox URLs that answer for them (`workbench --offline`).
public enum OfflineRouting {
    /// The sandbox URL that answers for `realURL`, or nil when the sandbox does not serve its host and path.
    ///
    /// `https://jsonplaceholder.typicode.com/users/1?x=1` with sandbox `http://127.0.0.1:49731`
    /// gives `http://127.0.0.1:49731/jsonplaceholder/users/1?x=1`.
    public static func sandboxURL(for realURL: URL, sandbox: URL) -> URL? {
        guard let real = URLComponents(url: realURL, resolvingAgainstBaseURL: true),
              let scheme = real.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = real.host?.lowercased(),
              let prefix = sandboxPath(host: host, path: real.percentEncodedPath),
              var target = URLComponents(url: sandbox, resolvingAgainstBaseURL: true)
        else { return nil }
        let base = target.percentEncodedPath.hasSuffix("/") ? String(target.percentEncodedPath.dropLast()) : target.percentEncodedPath
        target.percentEncodedPath = base + prefix
        target.percentEncodedQuery = real.percentEncodedQuery
        target.percentEncodedFragment = real.percentEncodedFragment
        return target.url
    }

    /// Whether the sandbox answers for this real URL.
    public static func isServedOffline(_ realURL: URL) -> Bool {
        guard let sandbox = URL(string: "http://127.0.0.1:1") else { return false }
        return sandboxURL(for: realURL, sandbox: sandbox) != nil
    }

    /// The sandbox path (prefix included) for a real host's path, or nil.
    static func sandboxPath(host: String, path: String) -> String? {
        let path = path.isEmpty ? "/" : path
        switch host {
        case "jsonplaceholder.typicode.com":
            return "/jsonplaceholder" + path
        case "restcountries.com", "www.restcountries.com":
            guard path.hasPrefix("/v2/") || path.hasPrefix("/v3.1/") else { return nil }
            return "/restcountries" + path
        case "restcountries.eu", "www.restcountries.eu":
            guard path.hasPrefix("/rest/v2/") else { return nil }
            return "/restcountries" + path.dropFirst("/rest".count)
        case "official-joke-api.appspot.com":
            return "/jokes" + path
        case "collectionapi.metmuseum.org":
            guard path.hasPrefix("/public/collection/v1/") else { return nil }
            return "/met" + path
        case "httpbin.org", "www.httpbin.org":
            return "/httpbin" + path
        default:
            return nil
        }
    }
}
