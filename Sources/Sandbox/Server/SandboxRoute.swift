/// One route of a sandbox API, declared once: the router serves it (SandboxRouter), `sandbox` lists
/// it, path completion offers its examples, and a test finds it in the API's OpenAPI document.
public struct SandboxRoute: Sendable {
    /// The methods it answers. HEAD is GET's (the router answers it as GET without the body).
    public let methods: [String]
    /// Its path under the API's prefix, written as an OpenAPI template: `/posts/{id}`; a last
    /// segment `**` takes the rest of any length (`/anything/**`). `/` is the prefix itself.
    public let path: String
    /// What `sandbox` says after the method and path: query items, limits, what the real API does.
    public let note: String
    /// Paths that path completion offers for it (`/posts/1`); one ending in `/` is a stem to finish.
    public let examples: [String]
    /// The body goes out gzip-compressed, with `Content-Encoding: gzip` (httpbin's `/gzip`).
    let compressed: Bool
    let respond: @Sendable (SandboxRequest) async -> SandboxResponse

    init(
        _ methods: [String], _ path: String, note: String = "", examples: [String] = [], compressed: Bool = false,
        respond: @escaping @Sendable (SandboxRequest) async -> SandboxResponse
    ) {
        self.methods = methods
        self.path = path
        self.note = note
        self.examples = examples
        self.compressed = compressed
        self.respond = respond
    }

    /// httpbin's routes for "any method" (`/anything`, `/status/{codes}`), as its OpenAPI document lists them.
    static let everyMethod = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// The line `sandbox` lists: `GET, POST /{resource}  ?userId=1 …`.
    public var listing: String {
        methods.joined(separator: ", ") + " " + path + (note.isEmpty ? "" : "  " + note)
    }

    /// The path's segments; a `{name}` segment is nil (any one segment), `**` stays.
    var pattern: [String?] {
        path.split(separator: "/").map { $0.hasPrefix("{") && $0.hasSuffix("}") ? nil : String($0) }
    }

    /// Whether this route serves a path or template (`/posts/1`, `/posts/{id}`): segment by segment, a
    /// `{name}` of the route takes any one segment and `**` the rest; a template's `{name}` is taken only
    /// by the route's `{name}` or `**`.
    public func serves(_ pathOrTemplate: String) -> Bool {
        let segments = pathOrTemplate.split(separator: "/").map(String.init)
        let pattern = self.pattern
        for (index, expected) in pattern.enumerated() {
            if expected == "**" { return segments.count > index }
            guard index < segments.count else { return false }
            if let expected, expected != segments[index] { return false }
        }
        return segments.count == pattern.count
    }
}
