/// Sends each request to the API whose prefix starts its path.
enum SandboxRouter {
    static func respond(to request: SandboxRequest) async -> SandboxResponse {
        guard request.method == "HEAD" else { return await route(request) }
        // HEAD is GET without the body, as Express and Flask answer it.
        var headless = await route(request.withMethod("GET"))
        headless.body = .bytes([])
        return headless
    }

    private static func route(_ request: SandboxRequest) async -> SandboxResponse {
        guard let first = request.segments.first else { return index() }
        for api in SandboxCatalog.apis where first == api.name {
            // `/NAME/openapi.json` too, where the prefix is longer (the Met's): what `spec sandbox/NAME` fetches.
            if request.segments == [api.name, "openapi.json"], request.method == "GET" { return SandboxOpenAPI.response(for: api) }
            let prefixCount = api.prefix.split(separator: "/").count
            guard request.segments.count >= prefixCount,
                  request.segments.prefix(prefixCount).elementsEqual(api.prefix.split(separator: "/").map(String.init))
            else { break }
            let inner = request.droppingPrefix(prefixCount)
            if inner.apiSegments == ["openapi.json"], inner.method == "GET" { return SandboxOpenAPI.response(for: api) }
            return await api.service(inner)
        }
        let names = SandboxCatalog.apis.map(\.prefix).joined(separator: ", ")
        return .error(404, "no sandbox API at '\(request.path)'; the sandbox serves \(names)")
    }

    /// `GET /`: the APIs and their routes.
    private static func index() -> SandboxResponse {
        let apis = SandboxCatalog.apis.map { api in
            JSONValue.object([
                ("name", .string(api.name)), ("prefix", .string(api.prefix)), ("title", .string(api.title)),
                ("realHosts", .array(api.realHosts.map { .string($0) })),
                ("routes", .array(api.routes.map { .string($0) })),
            ])
        }
        return .json(.object([("apis", .array(apis))]), pretty: true)
    }
}
