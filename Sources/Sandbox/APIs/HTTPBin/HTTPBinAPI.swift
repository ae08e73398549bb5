import Foundation

/// `/httpbin`: httpbin.org's echoes, status codes, delays, redirects, cookies, bytes, gzip and streams.
enum HTTPBinAPI {
    /// Longest `/delay` and `/drip`, in seconds, as httpbin caps them.
    static let maximumDelay = 10.0
    /// Largest `/bytes/{n}` and `/drip` body, as httpbin caps `/bytes`.
    static let maximumBytes = 100 * 1024
    /// Most lines `/stream/{n}` sends.
    static let maximumLines = 100

    /// httpbin's routes, with the methods its OpenAPI document gives each.
    static let routes: [SandboxRoute] = echoes + statuses + bodies + [
        SandboxRoute(["GET"], "/cookies", examples: ["/cookies"]) { HTTPBinCookies.list($0) },
        SandboxRoute(["GET"], "/cookies/set", note: "?NAME=VALUE, then a redirect to /cookies") { HTTPBinCookies.set($0) },
        SandboxRoute(["GET"], "/cookies/set/{name}/{value}") { HTTPBinCookies.set($0) },
        SandboxRoute(["GET"], "/cookies/delete", note: "?NAME") { HTTPBinCookies.delete($0) },
        SandboxRoute(["GET"], "/digest-auth/{qop}/{user}/{passwd}", note: "Digest authentication, MD5") {
            HTTPBinDigest.respond($0)
        },
        SandboxRoute(["GET"], "/digest-auth/{qop}/{user}/{passwd}/{algorithm}", note: "MD5 or SHA-256") { HTTPBinDigest.respond($0) },
        SandboxRoute(["GET"], "/image", note: "by Accept: image/webp, image/svg+xml, image/jpeg, image/png") {
            HTTPBinImages.respond($0)
        },
        SandboxRoute(["GET"], "/image/{format}", note: "png, jpeg, webp or svg",
                     examples: ["/image/png", "/image/jpeg", "/image/webp", "/image/svg"]) { HTTPBinImages.respond($0) },
        SandboxRoute(["GET"], "/ws/echo", note: "a WebSocket: each message sent back; `ws sandbox/httpbin/ws/echo`") {
            HTTPBinWebSockets.upgradeRequired($0)
        },
        SandboxRoute(["GET"], "/ws/ticker", note: "a WebSocket: ?count=5&interval=1 JSON ticks, then a close, 1000 \"done\"") {
            HTTPBinWebSockets.upgradeRequired($0)
        },
    ]

    /// The routes that answer with what was sent.
    private static let echoes: [SandboxRoute] = [
        SandboxRoute(["GET"], "/get", examples: ["/get"]) { echo($0, ["args", "headers", "origin", "url"]) },
    ] + ["POST", "PUT", "PATCH", "DELETE"].map { (method: String) -> SandboxRoute in
        let examples = method == "POST" ? ["/post"] : []
        return SandboxRoute([method], "/" + method.lowercased(), examples: examples) { request in
            echo(request, ["args", "data", "files", "form", "headers", "json", "origin", "url"])
        }
    } + [
        SandboxRoute(SandboxRoute.everyMethod, "/anything", examples: ["/anything"]) { echo($0, anything) },
        SandboxRoute(SandboxRoute.everyMethod, "/anything/**", note: "any path below /anything") { echo($0, anything) },
        SandboxRoute(["GET"], "/headers", examples: ["/headers"]) { echo($0, ["headers"]) },
        SandboxRoute(["GET"], "/ip") { echo($0, ["origin"]) },
        SandboxRoute(["GET"], "/user-agent") { request in
            .json(.object([("user-agent", .string(request.header("User-Agent") ?? ""))]), pretty: true)
        },
        SandboxRoute(["GET"], "/uuid") { _ in .json(.object([("uuid", .string(UUID().uuidString.lowercased()))]), pretty: true) },
        SandboxRoute(["GET"], "/response-headers", note: "?NAME=VALUE: each a header of the answer") { request in
            var response = SandboxResponse.json(HTTPBinEcho.dictionary(request.query).rendered(pretty: true) + [0x0A])
            response.headers += request.query.map { ($0.name, $0.value) }
            return response
        },
    ]

    private static let anything = ["args", "data", "files", "form", "headers", "json", "method", "origin", "url"]

    /// Status codes, delays and redirects.
    private static let statuses: [SandboxRoute] = [
        SandboxRoute(SandboxRoute.everyMethod, "/status/{codes}", note: "200, or 200,500, or 200:0.9,500:0.1",
                     examples: ["/status/"]) { HTTPBinStatus.respond(codes: $0.apiSegments[1], request: $0) },
        SandboxRoute(SandboxRoute.everyMethod, "/delay/{delay}", note: "seconds, at most 10", examples: ["/delay/"]) { request in
            guard let seconds = seconds(request.apiSegments[1]) else { return notFound }
            try? await Task.sleep(for: .seconds(seconds))
            return echo(request, ["args", "data", "files", "form", "headers", "origin", "url"])
        },
    ] + redirects

    private static let redirects: [SandboxRoute] = ["redirect", "relative-redirect", "absolute-redirect"].map {
        (name: String) -> SandboxRoute in
        let note = name == "redirect" ? "n redirects, then /get; ?absolute=true" : ""
        let examples = name == "redirect" ? ["/redirect/"] : []
        return SandboxRoute(["GET"], "/\(name)/{n}", note: note, examples: examples) { request in
            HTTPBinRedirects.redirect(request.apiSegments, request: request)
        }
    } + [
        SandboxRoute(SandboxRoute.everyMethod, "/redirect-to", note: "?url=URL&status_code=302",
                     examples: ["/redirect-to?url="]) { HTTPBinRedirects.redirectTo($0) },
    ]

    /// Bodies of each kind: bytes, compressed, documents, streams.
    private static let bodies: [SandboxRoute] = [
        SandboxRoute(["GET"], "/bytes/{n}", note: "?seed=N; at most 102400", examples: ["/bytes/"]) { request in
            guard let count = Int(request.apiSegments[1]) else { return notFound }
            var random = RequestRandom(seed: request.queryValue("seed"))
            let bytes = (0..<min(max(count, 0), maximumBytes)).map { _ in UInt8.random(in: 0...255, using: &random) }
            return SandboxResponse(headers: [("Content-Type", "application/octet-stream")], body: .bytes(bytes))
        },
        SandboxRoute(["GET"], "/gzip", note: "Content-Encoding: gzip", examples: ["/gzip"], compressed: true) { request in
            let echo = HTTPBinEcho(request: request).object(["headers", "method", "origin"], extra: [("gzipped", .bool(true))])
            return .json(echo.rendered(pretty: true) + [0x0A], contentType: "application/json")
        },
        SandboxRoute(["GET"], "/json", examples: ["/json"]) { _ in .json(HTTPBinDocuments.json, pretty: true) },
        SandboxRoute(["GET"], "/html", examples: ["/html"]) { _ in .text(HTTPBinDocuments.html, contentType: "text/html; charset=utf-8") },
        SandboxRoute(["GET"], "/xml", examples: ["/xml"]) { _ in .text(HTTPBinDocuments.xml, contentType: "application/xml") },
        SandboxRoute(["GET"], "/stream/{n}", note: "n JSON lines, chunked; at most 100", examples: ["/stream/"]) { request in
            guard let count = Int(request.apiSegments[1]) else { return notFound }
            return stream(lines: min(max(count, 0), maximumLines), echo: HTTPBinEcho(request: request))
        },
        SandboxRoute(["GET"], "/drip", note: "?duration=2&numbytes=10&delay=0&code=200", examples: ["/drip"]) { drip($0) },
        SandboxRoute(["GET"], "/sse", note: "?count=5&delay=1: text/event-stream, the sandbox's own",
                     examples: ["/sse"]) { serverSentEvents($0) },
    ]

    /// The request's echo: the members httpbin's route shows.
    private static func echo(_ request: SandboxRequest, _ members: [String]) -> SandboxResponse {
        .json(HTTPBinEcho(request: request).object(members), pretty: true)
    }

    /// A number of seconds between 0 and `maximumDelay`; nil for text that is not a finite number (`nan`, `inf`).
    static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return min(max(value, 0), maximumDelay)
    }

    static let notFound = SandboxResponse.text(
        "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\">\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n",
        status: 404, contentType: "text/html")
    static let notAllowed = SandboxResponse.text(
        "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\">\n<title>405 Method Not Allowed</title>\n<h1>Method Not Allowed</h1>\n",
        status: 405, contentType: "text/html")

    /// `n` JSON lines, one chunk each (chunked transfer encoding).
    private static func stream(lines: Int, echo: HTTPBinEcho) -> SandboxResponse {
        let lineBodies = (0..<lines).map { id in
            echo.object(["args", "headers", "origin", "url"], extra: [("id", .int(id))]).rendered(pretty: false) + [0x0A]
        }
        return SandboxResponse(headers: [("Content-Type", "application/json")], body: .stream { emit in
            for line in lineBodies { try await emit(line) }
        })
    }

    /// `/sse?count=&delay=`: `count` `tick` events, `delay` seconds apart, as `text/event-stream`
    /// (the sandbox's own route: httpbin.org has none). The first says `retry`, a comment opens the
    /// stream as servers' keep-alives do.
    private static func serverSentEvents(_ request: SandboxRequest) -> SandboxResponse {
        let count = min(max(request.queryValue("count").flatMap { Int($0) } ?? 5, 0), maximumLines)
        let delay = request.queryValue("delay").flatMap(seconds) ?? 1
        let headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]
        return SandboxResponse(headers: headers, body: .stream { emit in
            try await emit(Array(": httpbin sandbox events\n\n".utf8))
            for id in stride(from: 1, through: count, by: 1) {
                if id > 1 { try await Task.sleep(for: .seconds(delay)) }
                let data = JSONValue.object([("id", .int(id)), ("count", .int(count)), ("message", .string("tick \(id) of \(count)"))])
                let retry = id == 1 ? "retry: 3000\n" : ""
                try await emit(Array("id: \(id)\nevent: tick\n\(retry)data: ".utf8) + data.rendered(pretty: false) + Array("\n\n".utf8))
            }
        })
    }

    /// `/drip?duration=&numbytes=&code=&delay=`: `*` bytes spread over `duration` seconds, after `delay`.
    private static func drip(_ request: SandboxRequest) -> SandboxResponse {
        let duration = request.queryValue("duration").flatMap(seconds) ?? 2
        let delay = request.queryValue("delay").flatMap(seconds) ?? 2
        let count = min(max(request.queryValue("numbytes").flatMap { Int($0) } ?? 10, 0), maximumBytes)
        let code = request.queryValue("code").flatMap { Int($0) } ?? 200
        guard (200...599).contains(code) else { return .error(400, "invalid code '\(code)' for /drip") }
        let pause = count > 0 ? duration / Double(count) : 0
        return SandboxResponse(status: code, headers: [("Content-Type", "application/octet-stream"),
                                                       ("Content-Length", String(count))], body: .stream { emit in
            try await Task.sleep(for: .seconds(delay))
            for index in 0..<count {
                if index > 0 { try await Task.sleep(for: .seconds(pause)) }
                try await emit([UInt8(ascii: "*")])
            }
        })
    }
}
