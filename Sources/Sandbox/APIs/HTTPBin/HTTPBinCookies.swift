import Foundation

/// httpbin's `/cookies` routes: echo the Cookie header, set or expire cookies and redirect back.
enum HTTPBinCookies {
    /// `/cookies`: the cookies the request sent.
    static func list(_ request: SandboxRequest) -> SandboxResponse {
        .json(.object([("cookies", .object(sent(request).map { ($0.name, .string($0.value)) }))]), pretty: true)
    }

    /// `/cookies/set?NAME=VALUE` and `/cookies/set/{name}/{value}`.
    static func set(_ request: SandboxRequest) -> SandboxResponse {
        let path = request.apiSegments
        if path.count == 4 { return redirect(setting: ["\(path[2])=\(path[3]); Path=/"], request: request) }
        return redirect(setting: request.query.map { "\($0.name)=\($0.value); Path=/" }, request: request)
    }

    /// `/cookies/delete?NAME`: httpbin expires each cookie named in the query, with or without a value.
    static func delete(_ request: SandboxRequest) -> SandboxResponse {
        redirect(setting: request.query.map { "\($0.name)=; Expires=Thu, 01-Jan-1970 00:00:00 GMT; Max-Age=0; Path=/" }, request: request)
    }

    /// The request's cookies by name, sorted as the echo objects are; a repeated name keeps its first value.
    static func sent(_ request: SandboxRequest) -> [(name: String, value: String)] {
        var cookies: [(name: String, value: String)] = []
        for header in request.headers where header.name.caseInsensitiveCompare("Cookie") == .orderedSame {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                if !cookies.contains(where: { $0.name == name }) { cookies.append((name, value)) }
            }
        }
        return cookies.sorted { $0.name < $1.name }
    }

    private static func redirect(setting cookies: [String], request: SandboxRequest) -> SandboxResponse {
        SandboxResponse(status: 302, headers: [("Content-Type", "text/html; charset=utf-8"),
                                               ("Location", request.prefixPath + "/cookies")]
                            + cookies.map { ("Set-Cookie", $0) })
    }
}
