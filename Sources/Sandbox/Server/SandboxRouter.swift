import HTTPTypes
import Hummingbird

/// Hummingbird's router over the catalog: every API's routes under its prefix, `GET /` listing them,
/// and a path no route takes answered in the words of the API whose prefix it starts with.
enum SandboxRouter {
    /// The methods each route's path is registered for: one the route does not take is the API's
    /// `notAllowed`, not Hummingbird's 404. HEAD is answered as GET (SandboxResponder).
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .options]

    static func responder() -> RouterResponder<SandboxContext> {
        let router = Router(context: SandboxContext.self)
        // First, so that it wraps the router's not-found answer too.
        router.add(middleware: UnmatchedPathMiddleware())
        router.get("/") { _, _ in SandboxResponder.response(from: index()) }
        for api in SandboxCatalog.apis {
            let prefix = api.prefix.split(separator: "/").count
            // Routes sharing a path are one registration: Hummingbird takes one responder per path and method.
            var paths: [String] = []
            for route in api.routes where !paths.contains(route.path) { paths.append(route.path) }
            for path in paths {
                let responder = RouteResponder(api: api, routes: api.routes.filter { $0.path == path }, prefixSegments: prefix)
                register(responder, at: api.prefix + (path == "/" ? "" : path), on: router)
            }
            // `/NAME/openapi.json` too, where the prefix is longer (the Met's): what `spec sandbox/NAME` fetches.
            if let document = api.routes.last, api.prefix != "/" + api.name {
                register(RouteResponder(api: api, routes: [document], prefixSegments: 1), at: "/\(api.name)/openapi.json", on: router)
            }
        }
        return router.buildResponder()
    }

    /// A route's path in Hummingbird's words: `{name}` is `*` (the APIs read segments by position, and
    /// Hummingbird refuses two differently named captures at one place, as `/jokes/{id}` and `/jokes/{type}/ten` are).
    private static func register(_ responder: RouteResponder, at path: String, on router: Router<SandboxContext>) {
        let segments = path.split(separator: "/").map { $0.hasPrefix("{") ? "*" : String($0) }
        for method in methods {
            router.on(RouterPath("/" + segments.joined(separator: "/")), method: method, responder: responder)
        }
    }

    /// `GET /`: the APIs and their routes.
    private static func index() -> SandboxResponse {
        let apis = SandboxCatalog.apis.map { api in
            JSONValue.object([
                ("name", .string(api.name)), ("prefix", .string(api.prefix)), ("title", .string(api.title)),
                ("realHosts", .array(api.realHosts.map { .string($0) })),
                ("routes", .array(api.routes.map { .string($0.listing) })),
            ])
        }
        return .json(.object([("apis", .array(apis))]), pretty: true)
    }
}

/// The routes of one API that share a path: the one taking the request's method answers.
struct RouteResponder: HTTPResponder {
    let api: SandboxAPI
    let routes: [SandboxRoute]
    /// How many of the path's segments are the API's prefix.
    let prefixSegments: Int

    func respond(to request: Request, context: SandboxContext) async throws -> Response {
        var request = request
        let body: [UInt8]
        do {
            body = Array(try await request.collectBody(upTo: SandboxContext.maximumBodySize).readableBytesView)
        } catch {
            return SandboxResponder.response(from: .error(413, "request body is larger than \(SandboxContext.maximumBodySize) bytes"))
        }
        let sandboxRequest = SandboxRequest(request, context: context, body: body).droppingPrefix(prefixSegments)
        guard let route = routes.first(where: { $0.methods.contains(sandboxRequest.method) }) else {
            return SandboxResponder.response(from: api.notAllowed(sandboxRequest))
        }
        let answer = await route.respond(sandboxRequest)
        return SandboxResponder.response(from: route.compressed ? answer.gzipped() : answer)
    }
}

/// A path no route takes: the API whose prefix it starts with answers it as that API would (json-server's
/// `{}`, Express's `Cannot GET`, httpbin's HTML page); a path outside every prefix gets the sandbox's own error.
struct UnmatchedPathMiddleware: RouterMiddleware {
    typealias Context = SandboxContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let unmatched = SandboxRequest(request, context: context, body: [])
            guard let api = SandboxCatalog.api(servingSegments: unmatched.segments) else {
                let names = SandboxCatalog.apis.map(\.prefix).joined(separator: ", ")
                return SandboxResponder.response(from: .error(404, "no sandbox API at '\(unmatched.path)'; the sandbox serves \(names)"))
            }
            return SandboxResponder.response(from: api.notFound(unmatched.droppingPrefix(api.prefix.split(separator: "/").count)))
        }
    }
}
