import Foundation
import WorkbenchKit

/// Maps URLs of the real APIs to the sandbox URLs that answer for them (`workbench --offline`).
public enum OfflineRouting {
    /// The sandbox URL that answers for `realURL`, or nil when the sandbox does not serve its host and path.
    ///
    /// `https://jsonplaceholder.typicode.com/users/1?x=1` with sandbox `http://127.0.0.1:49731`
    /// gives `http://127.0.0.1:49731/jsonplaceholder/users/1?x=1`.
    public static func sandboxURL(for realURL: URL, sandbox: URL) -> URL? {
        OfflineRoute.sandboxURL(for: realURL, sandbox: sandbox, routes: routes)
    }

    /// The real service's URL for a URL of the sandbox at `sandbox` (`export swift` writes it, since
    /// the sandbox's port changes every run); nil where only the sandbox serves it: an API's OpenAPI
    /// document, a path outside the routes.
    public static func realURL(for sandboxURL: URL, sandbox: URL) -> URL? {
        let openAPIPaths = SandboxCatalog.apis.map(\.openAPIPath)
        guard let real = OfflineRoute.realURL(for: sandboxURL, sandbox: sandbox, routes: routes),
              !openAPIPaths.contains(where: { sandboxURL.path.hasSuffix($0) }) else { return nil }
        return real
    }

    /// Whether the sandbox answers for this real URL.
    public static func isServedOffline(_ realURL: URL) -> Bool {
        guard let sandbox = URL(string: "http://127.0.0.1:1") else { return false }
        return sandboxURL(for: realURL, sandbox: sandbox) != nil
    }

    /// The real hosts and paths the sandbox answers for, as data: a compiled input's program gets
    /// them in its settings, since it cannot call this module.
    public static let routes: [OfflineRoute] = [
        OfflineRoute(host: "jsonplaceholder.typicode.com", sandboxPath: "/jsonplaceholder/"),
        OfflineRoute(host: "restcountries.com", pathPrefix: "/v2/", sandboxPath: "/restcountries/v2/"),
        OfflineRoute(host: "restcountries.com", pathPrefix: "/v3.1/", sandboxPath: "/restcountries/v3.1/"),
        OfflineRoute(host: "www.restcountries.com", pathPrefix: "/v2/", sandboxPath: "/restcountries/v2/"),
        OfflineRoute(host: "www.restcountries.com", pathPrefix: "/v3.1/", sandboxPath: "/restcountries/v3.1/"),
        OfflineRoute(host: "restcountries.eu", pathPrefix: "/rest/v2/", sandboxPath: "/restcountries/v2/"),
        OfflineRoute(host: "www.restcountries.eu", pathPrefix: "/rest/v2/", sandboxPath: "/restcountries/v2/"),
        OfflineRoute(host: "countries.trevorblades.com", sandboxPath: "/countries/"),
        OfflineRoute(host: "official-joke-api.appspot.com", sandboxPath: "/jokes/"),
        OfflineRoute(host: "collectionapi.metmuseum.org", pathPrefix: "/public/collection/v1/",
                     sandboxPath: "/met/public/collection/v1/"),
        OfflineRoute(host: "httpbin.org", sandboxPath: "/httpbin/"),
        OfflineRoute(host: "www.httpbin.org", sandboxPath: "/httpbin/"),
    ]
}
