import Foundation

/// `/httpbin`: httpbin.org's echoes, status codes, delays, redirects, cookies, bytes, gzip and streams.
enum HTTPBinAPI {
    /// Longest `/delay` and `/drip`, in seconds, as httpbin caps them.
    static let maximumDelay = 10.0
    /// Largest `/bytes/{n}` and `/drip` body, as httpbin caps `/bytes`.
    static let maximumBytes = 100 * 1024
    /// Most lines `/stream/{n}` sends.
    static let maximumLines = 100

    static func respond(to request: SandboxRequest) async -> SandboxResponse {
        let echo = HTTPBinEcho(request: request)
        let path = request.apiSegments
        let method = request.method == "HEAD" ? "GET" : request.method
        switch path.first ?? "" {
        case "get" where path.count == 1:
            return method == "GET" ? .json(echo.object(["args", "headers", "origin", "url"]), pretty: true) : notAllowed
        case "post", "put", "patch", "delete":
            guard path.count == 1, method == path[0].uppercased() else { return notAllowed }
            return .json(echo.object(["args", "data", "files", "form", "headers", "json", "origin", "url"]), pretty: true)
        case "anything":
            return .json(echo.object(["args", "data", "files", "form", "headers", "json", "method", "origin", "url"]), pretty: true)
        case "headers" where path.count == 1:
            return .json(echo.object(["headers"]), pretty: true)
        case "ip" where path.count == 1:
            return .json(echo.object(["origin"]), pretty: true)
        case "user-agent" where path.count == 1:
            return .json(.object([("user-agent", .string(request.header("User-Agent") ?? ""))]), pretty: true)
        case "uuid" where path.count == 1:
            return .json(.object([("uuid", .string(UUID().uuidString.lowercased()))]), pretty: true)
        case "status" where path.count == 2:
            return HTTPBinStatus.respond(codes: path[1], request: request)
        case "delay" where path.count == 2:
            guard let seconds = seconds(path[1]) else { return notFound }
            try? await Task.sleep(for: .seconds(seconds))
            return .json(echo.object(["args", "data", "files", "form", "headers", "origin", "url"]), pretty: true)
        case "redirect", "relative-redirect", "absolute-redirect":
            return HTTPBinRedirects.redirect(path, request: request)
        case "cookies":
            return HTTPBinCookies.respond(path, request: request)
        case "redirect-to" where path.count == 1:
            return HTTPBinRedirects.redirectTo(request)
        case "bytes" where path.count == 2:
            guard let count = Int(path[1]) else { return notFound }
            var random = RequestRandom(seed: request.queryValue("seed"))
            let bytes = (0..<min(max(count, 0), maximumBytes)).map { _ in UInt8.random(in: 0...255, using: &random) }
            return SandboxResponse(headers: [("Content-Type", "application/octet-stream")], body: .bytes(bytes))
        case "gzip" where path.count == 1:
            let body = echo.object(["headers", "method", "origin"], extra: [("gzipped", .bool(true))]).rendered(pretty: true)
            guard let compressed = try? Gzip.compress(body + [0x0A]) else { return .error(500, "gzip compression failed") }
            return SandboxResponse(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                                   body: .bytes(compressed))
        case "digest-auth":
            return HTTPBinDigest.respond(path, request: request)
        case "ws" where path.count == 2 && ["echo", "ticker"].contains(path[1]):
            // A WebSocket endpoint asked for without the upgrade (HTTPBinWebSockets takes the upgrade).
            let message = JSONValue.object([("error", .string("a WebSocket endpoint: open it with `ws sandbox/httpbin/ws/\(path[1])`"))])
            return SandboxResponse(status: 426, headers: [("Upgrade", "websocket"), ("Content-Type", "application/json")],
                                   body: .bytes(message.rendered(pretty: true) + [0x0A]))
        case "image":
            return method == "GET" ? HTTPBinImages.respond(path, request: request) : notAllowed
        case "json" where path.count == 1:
            return .json(HTTPBinDocuments.json, pretty: true)
        case "html" where path.count == 1:
            return .text(HTTPBinDocuments.html, contentType: "text/html; charset=utf-8")
        case "xml" where path.count == 1:
            return .text(HTTPBinDocuments.xml, contentType: "application/xml")
        case "stream" where path.count == 2:
            guard let count = Int(path[1]) else { return notFound }
            return stream(lines: min(max(count, 0), maximumLines), echo: echo)
        case "drip" where path.count == 1:
            return drip(request)
        case "sse" where path.count == 1:
            return serverSentEvents(request)
        case "response-headers" where path.count == 1:
            var response = SandboxResponse.json(HTTPBinEcho.dictionary(request.query).rendered(pretty: true) + [0x0A])
            response.headers += request.query.map { ($0.name, $0.value) }
            return response
        default:
            return notFound
        }
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
