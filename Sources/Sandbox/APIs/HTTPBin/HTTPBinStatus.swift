import Foundation

/// httpbin's `/status/{codes}`: one code, or a random pick from `200,404` or weighted `200:0.9,500:0.1`.
enum HTTPBinStatus {
    static func respond(codes text: String, request: SandboxRequest) -> SandboxResponse {
        var choices: [(code: Int, weight: Double)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", maxSplits: 1)
            guard let codeText = parts.first, let code = Int(codeText.trimmingCharacters(in: .whitespaces)),
                  (200...599).contains(code) else { return invalid }
            let weight = parts.count > 1 ? Double(parts[1]) : 1
            guard let weight, weight.isFinite, weight >= 0 else { return invalid }
            choices.append((code, weight))
        }
        guard let code = pick(choices, seed: request.queryValue("seed")) else { return invalid }
        return response(for: code, request: request)
    }

    static let invalid = SandboxResponse.text("Invalid status code", status: 400, contentType: "text/html; charset=utf-8")

    private static func pick(_ choices: [(code: Int, weight: Double)], seed: String?) -> Int? {
        guard choices.count > 1 else { return choices.first?.code }
        let total = choices.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return choices.first?.code }
        var random = RequestRandom(seed: seed)
        var point = Double.random(in: 0..<total, using: &random)
        for choice in choices {
            if point < choice.weight { return choice.code }
            point -= choice.weight
        }
        return choices.last?.code
    }

    /// The response httpbin gives for `code`: empty, except the headers a client reacts to.
    static func response(for code: Int, request: SandboxRequest) -> SandboxResponse {
        var response = SandboxResponse(status: code, headers: [("Content-Type", "text/html; charset=utf-8")])
        switch code {
        case 301, 302, 303, 305, 307:
            response.headers.append(("Location", request.prefixPath + "/redirect/1"))
        case 401:
            response.headers.append(("WWW-Authenticate", "Basic realm=\"Fake Realm\""))
        case 407:
            response.headers.append(("Proxy-Authenticate", "Basic realm=\"Fake Realm\""))
        case 418:
            response.headers.append(("x-more-info", "http://tools.ietf.org/html/rfc2324"))
            response.body = .bytes(Array(HTTPBinDocuments.teapot.utf8))
        default:
            break
        }
        return response
    }
}

/// httpbin's redirect routes, with Locations under the sandbox's `/httpbin` prefix.
enum HTTPBinRedirects {
    /// `/redirect/{n}` and `/relative-redirect/{n}` (relative Locations), `/absolute-redirect/{n}`; then `/get`.
    static func redirect(_ path: [String], request: SandboxRequest) -> SandboxResponse {
        guard path.count == 2, let count = Int(path[1]), count >= 1 else { return HTTPBinAPI.notFound }
        let absolute = path[0] == "absolute-redirect" || (path[0] == "redirect" && request.queryValue("absolute") == "true")
        let next = count == 1 ? "/get" : (absolute ? "/absolute-redirect/\(count - 1)" : "/relative-redirect/\(count - 1)")
        let origin = absolute ? "http://\(request.authority ?? "127.0.0.1")" : ""
        return found(origin + request.prefixPath + next, status: 302)
    }

    /// `/redirect-to?url=…&status_code=3xx`.
    static func redirectTo(_ request: SandboxRequest) -> SandboxResponse {
        guard let target = request.queryValue("url"), !target.isEmpty else {
            return .text("missing query parameter 'url'", status: 400, contentType: "text/html; charset=utf-8")
        }
        let status = request.queryValue("status_code").flatMap { Int($0) } ?? 302
        return found(target, status: (300...399).contains(status) ? status : 302)
    }

    private static func found(_ location: String, status: Int) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Location", location)])
    }
}
