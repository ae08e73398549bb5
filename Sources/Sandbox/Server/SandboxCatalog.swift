/// One API the sandbox serves: its prefix, the real hosts it stands in for, and its routes.
public struct SandboxAPI: Sendable {
    /// Short name, as in `base sandbox/NAME` (e.g. `jsonplaceholder`).
    public let name: String
    /// The path prefix it is served under (e.g. `/jsonplaceholder`).
    public let prefix: String
    public let title: String
    /// The hosts of the real service (offline mode answers them from the sandbox).
    public let realHosts: [String]
    /// Its routes, in the order `sandbox` lists them; the last serves its OpenAPI document.
    public let routes: [SandboxRoute]
    /// What it answers for a path under its prefix that no route takes, in the real API's words.
    let notFound: @Sendable (SandboxRequest) -> SandboxResponse
    /// What it answers for a route's path with a method the route does not take.
    let notAllowed: @Sendable (SandboxRequest) -> SandboxResponse

    init(
        name: String, prefix: String, title: String, realHosts: [String], routes: [SandboxRoute],
        notFound: @escaping @Sendable (SandboxRequest) -> SandboxResponse,
        notAllowed: (@Sendable (SandboxRequest) -> SandboxResponse)? = nil
    ) {
        self.name = name
        self.prefix = prefix
        self.title = title
        self.realHosts = realHosts
        self.routes = routes + [SandboxRoute(["GET"], "/openapi.json", note: "this API's OpenAPI 3.1 document") { _ in
            SandboxOpenAPI.response(forAPI: name)
        }]
        self.notFound = notFound
        self.notAllowed = notAllowed ?? notFound
    }

    /// Example paths relative to the prefix, for path completion (e.g. `/posts`, `/users/1/posts`).
    public var paths: [String] { routes.flatMap(\.examples) }

    /// Where the sandbox serves this API's OpenAPI 3.1 document (e.g. `/jsonplaceholder/openapi.json`).
    public var openAPIPath: String { prefix + "/openapi.json" }
}

/// The APIs the sandbox serves, in the order `sandbox` lists them.
public enum SandboxCatalog {
    public static let apis: [SandboxAPI] = [jsonPlaceholder, restCountries, countries, jokes, met, httpbin]

    /// The API named `name` (`jsonplaceholder`), if the sandbox serves one.
    public static func api(named name: String) -> SandboxAPI? {
        apis.first { $0.name == name.lowercased() }
    }

    /// The API whose prefix begins a path's segments (`met`, `public`, …), if any.
    static func api(servingSegments segments: [String]) -> SandboxAPI? {
        apis.first { api in segments.starts(with: api.prefix.split(separator: "/").map(String.init)) }
    }

    static let jsonPlaceholder = SandboxAPI(
        name: "jsonplaceholder",
        prefix: "/jsonplaceholder",
        title: "JSONPlaceholder (jsonplaceholder.typicode.com): users, posts, comments, albums, photos, todos",
        realHosts: ["jsonplaceholder.typicode.com"],
        routes: JSONPlaceholderAPI.routes,
        notFound: { _ in JSONPlaceholderAPI.notFound }
    )

    static let restCountries = SandboxAPI(
        name: "restcountries",
        prefix: "/restcountries",
        title: "REST Countries (restcountries.com v2 and v3.1; restcountries.eu's /rest/v2)",
        realHosts: ["restcountries.com", "restcountries.eu"],
        routes: RestCountriesAPI.routes,
        notFound: { _ in RestCountriesAPI.notFound }
    )

    static let countries = SandboxAPI(
        name: "countries",
        prefix: "/countries",
        title: "Countries GraphQL API (countries.trevorblades.com): countries, continents, languages, from REST Countries' data",
        realHosts: ["countries.trevorblades.com"],
        routes: CountriesAPI.routes,
        notFound: { CountriesAPI.notFound($0) },
        notAllowed: { CountriesAPI.notAllowed($0) }
    )

    static let jokes = SandboxAPI(
        name: "jokes",
        prefix: "/jokes",
        title: "Official Joke API (official-joke-api.appspot.com): 451 jokes, ids 1...451; ?seed=N for repeatable picks",
        realHosts: ["official-joke-api.appspot.com"],
        routes: JokeAPI.routes,
        notFound: { JokeAPI.cannot($0) }
    )

    static let met = SandboxAPI(
        name: "met",
        prefix: "/met/public/collection/v1",
        title: "The Met Collection API (collectionapi.metmuseum.org): 1,299 real object records, searches answered from them",
        realHosts: ["collectionapi.metmuseum.org"],
        routes: MetAPI.routes,
        notFound: { _ in MetAPI.notFound("Not Found") }
    )

    static let httpbin = SandboxAPI(
        name: "httpbin",
        prefix: "/httpbin",
        title: "httpbin (httpbin.org): echoes, status codes, delays, redirects, cookies, bytes, gzip, streams, images",
        realHosts: ["httpbin.org"],
        routes: HTTPBinAPI.routes,
        notFound: { _ in HTTPBinAPI.notFound },
        notAllowed: { _ in HTTPBinAPI.notAllowed }
    )
}
