/// One API the sandbox serves: its prefix, the real hosts it stands in for, and its routes.
public struct SandboxAPI: Sendable {
    /// Short name, as in `base sandbox/NAME` (e.g. `jsonplaceholder`).
    public let name: String
    /// The path prefix it is served under (e.g. `/jsonplaceholder`).
    public let prefix: String
    public let title: String
    /// The hosts of the real service (offline mode answers them from the sandbox).
    public let realHosts: [String]
    /// One human-readable line per route, relative to the prefix (e.g. `GET /posts?userId=1`).
    public let routes: [String]
    /// Example paths relative to the prefix, for path completion (e.g. `/posts`, `/users/1/posts`).
    public let paths: [String]
    let service: @Sendable (SandboxRequest) async -> SandboxResponse

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

    static let jsonPlaceholder = SandboxAPI(
        name: "jsonplaceholder",
        prefix: "/jsonplaceholder",
        title: "JSONPlaceholder (jsonplaceholder.typicode.com): users, posts, comments, albums, photos, todos",
        realHosts: ["jsonplaceholder.typicode.com"],
        routes: [
            "GET /posts", "GET /posts/1", "GET /posts?userId=1", "GET /posts?id=1&id=2",
            "GET /posts?_page=2&_limit=10", "GET /posts?_sort=title&_order=desc", "GET /posts?q=dolor",
            "GET /users/1/posts", "GET /posts/1/comments", "GET /albums/1/photos",
            "POST /posts (201, id 101)", "PUT /posts/1", "PATCH /posts/1", "DELETE /posts/1",
            "GET /users, /comments, /albums, /photos, /todos (same filters)",
            "GET /openapi.json (this API's OpenAPI 3.1 document)",
        ],
        paths: ["/posts", "/posts/1", "/posts/1/comments", "/comments", "/albums", "/albums/1/photos", "/photos",
                "/users", "/users/1", "/users/1/posts", "/users/1/albums", "/users/1/todos", "/todos"],
        service: { JSONPlaceholderAPI.respond(to: $0) }
    )

    static let restCountries = SandboxAPI(
        name: "restcountries",
        prefix: "/restcountries",
        title: "REST Countries (restcountries.com v2 and v3.1; restcountries.eu's /rest/v2)",
        realHosts: ["restcountries.com", "restcountries.eu"],
        routes: [
            "GET /v2/all", "GET /v2/name/{name}?fullText=true", "GET /v2/alpha/{code}", "GET /v2/alpha?codes=col;no;ee",
            "GET /v2/all?fields=name,capital", "GET /v2/capital/{capital}, /v2/region/{region}, /v2/currency/{code}, /v2/lang/{code}",
            "GET /v3.1/all", "GET /v3.1/name/{name}", "GET /v3.1/alpha/{code}", "GET /v3.1/alpha?codes=col,no",
            "GET /openapi.json (this API's OpenAPI 3.1 document)",
        ],
        paths: ["/v2/all", "/v2/name/", "/v2/alpha/", "/v2/alpha?codes=", "/v3.1/all", "/v3.1/name/", "/v3.1/alpha/"],
        service: { RestCountriesAPI.respond(to: $0) }
    )

    static let countries = SandboxAPI(
        name: "countries",
        prefix: "/countries",
        title: "Countries GraphQL API (countries.trevorblades.com): countries, continents, languages, from REST Countries' data",
        realHosts: ["countries.trevorblades.com"],
        routes: [
            "POST / (GraphQL over HTTP: {\"query\", \"variables\", \"operationName\"}; `graphql { … }`)",
            "GET /?query={countries{code name}} (queries only)",
            "GET /openapi.json (this API's OpenAPI 3.1 document: the endpoint; `spec graphql` reads the schema)",
        ],
        paths: ["/"],
        service: { CountriesAPI.respond(to: $0) }
    )

    static let jokes = SandboxAPI(
        name: "jokes",
        prefix: "/jokes",
        title: "Official Joke API (official-joke-api.appspot.com): 451 jokes, ids 1...451; ?seed=N for repeatable picks",
        realHosts: ["official-joke-api.appspot.com"],
        routes: [
            "GET /random_joke", "GET /random_ten", "GET /jokes/random", "GET /jokes/ten", "GET /jokes/random/{n}",
            "GET /jokes/{type}/random", "GET /jokes/{type}/ten", "GET /jokes/{id}", "GET /types",
            "GET /openapi.json (this API's OpenAPI 3.1 document)",
        ],
        paths: ["/random_joke", "/random_ten", "/jokes/random", "/jokes/ten", "/jokes/programming/ten", "/jokes/1", "/types"],
        service: { JokeAPI.respond(to: $0) }
    )

    static let met = SandboxAPI(
        name: "met",
        prefix: "/met/public/collection/v1",
        title: "The Met Collection API (collectionapi.metmuseum.org): 1,299 real object records, searches answered from them",
        realHosts: ["collectionapi.metmuseum.org"],
        routes: [
            "GET /search?q=cat", "GET /search?hasImages=true&q=cat", "GET /objects/{id} (each id a search lists, e.g. 436524)",
            "GET /objects?departmentIds=15", "GET /departments", "GET /openapi.json (this API's OpenAPI 3.1 document)",
        ],
        paths: ["/search?q=", "/objects/436524", "/objects/436535", "/objects/671456", "/objects?departmentIds=", "/departments"],
        service: { MetAPI.respond(to: $0) }
    )

    static let httpbin = SandboxAPI(
        name: "httpbin",
        prefix: "/httpbin",
        title: "httpbin (httpbin.org): echoes, status codes, delays, redirects, cookies, bytes, gzip, streams, images",
        realHosts: ["httpbin.org"],
        routes: [
            "GET /get", "POST /post", "PUT /put", "PATCH /patch", "DELETE /delete", "ANY /anything", "GET /headers",
            "GET /ip", "GET /user-agent", "GET /uuid", "GET /status/{code} (or 200,500 or 200:0.9,500:0.1)",
            "GET /delay/{seconds} (at most 10)", "GET /redirect/{n}", "GET /redirect-to?url=URL&status_code=302",
            "GET /bytes/{n}?seed=N (at most 102400)", "GET /gzip", "GET /json", "GET /html", "GET /xml",
            "GET /stream/{n} (chunked, at most 100 lines)", "GET /drip?duration=2&numbytes=10&delay=0",
            "GET /sse?count=5&delay=1 (text/event-stream, the sandbox's own)",
            "GET /digest-auth/{qop}/{user}/{password}[/{algorithm}] (Digest authentication, MD5 or SHA-256)",
            "GET /image/png", "GET /image/jpeg", "GET /image/webp", "GET /image/svg",
            "GET /image (by Accept: image/webp, image/svg+xml, image/jpeg, image/png)",
            "GET /ws/echo (a WebSocket: each message sent back; `ws sandbox/httpbin/ws/echo`)",
            "GET /ws/ticker?count=5&interval=1 (a WebSocket: JSON ticks, then a close, 1000 \"done\")",
            "GET /response-headers?NAME=VALUE", "GET /cookies", "GET /cookies/set?NAME=VALUE", "GET /cookies/set/{name}/{value}",
            "GET /cookies/delete?NAME", "GET /openapi.json (this API's OpenAPI 3.1 document)",
        ],
        paths: ["/get", "/post", "/anything", "/headers", "/status/", "/delay/", "/redirect/", "/redirect-to?url=",
                "/bytes/", "/gzip", "/json", "/html", "/xml", "/stream/", "/drip", "/sse", "/image/png", "/image/jpeg", "/image/webp", "/image/svg", "/cookies"],
        service: { await HTTPBinAPI.respond(to: $0) }
    )
}
