/// `/jokes`: official-joke-api.appspot.com on its real paths; random routes take `?seed=N`.
enum JokeAPI {
    static func respond(to request: SandboxRequest) -> SandboxResponse {
        let data: JokeData
        switch JokeData.shared {
        case .success(let loaded): data = loaded
        case .failure(let error): return error.response
        }
        var random = RequestRandom(seed: request.queryValue("seed"))
        let all = Array(data.jokes.indices)
        let path = request.apiSegments
        guard request.method == "GET" || request.method == "HEAD" else { return cannot(request) }
        switch path {
        case []:
            return .text("Try /random_joke, /random_ten, /jokes/random, or /jokes/ten , /jokes/random/<any-number>",
                         contentType: "text/html; charset=utf-8")
        case ["ping"]:
            return .text("pong", contentType: "text/html; charset=utf-8")
        case ["random_joke"], ["jokes", "random"]:
            return one(data, data.pick(1, from: all, using: &random).first ?? 0)
        case ["random_ten"], ["jokes", "ten"]:
            return list(data, data.pick(10, from: all, using: &random))
        case ["types"]:
            return .json(.array(data.distinctTypes.map { .string($0) }), pretty: false)
        case _ where path.count == 3 && path[0] == "jokes" && path[1] == "random":
            // The real server answers these two mistakes with 200 and a sentence.
            guard let count = Int(path[2].prefix { $0.isNumber }), count > 0 else {
                return .text("The passed path is not a number.", contentType: "text/html; charset=utf-8")
            }
            guard count <= data.jokes.count else {
                return .text("The passed path exceeds the number of jokes (\(data.jokes.count)).",
                             contentType: "text/html; charset=utf-8")
            }
            return list(data, data.pick(count, from: all, using: &random))
        case _ where path.count == 3 && path[0] == "jokes" && (path[2] == "random" || path[2] == "ten"):
            let ofType = all.filter { data.types[$0] == path[1] }
            return list(data, data.pick(path[2] == "ten" ? 10 : 1, from: ofType, using: &random))
        case _ where path.count == 2 && path[0] == "jokes":
            guard let id = Int(path[1]), data.jokes.indices.contains(id - 1) else {
                return .json(.object([("type", .string("error")), ("message", .string("joke not found"))]),
                             status: 404, pretty: false)
            }
            return one(data, id - 1)
        default:
            return cannot(request)
        }
    }

    private static func one(_ data: JokeData, _ index: Int) -> SandboxResponse {
        .json(data.jokes[index])
    }

    private static func list(_ data: JokeData, _ indices: [Int]) -> SandboxResponse {
        .json(JSONValue.array(indices.map { .raw(data.jokes[$0]) }).rendered(pretty: false))
    }

    /// Express's own 404 for a path no route takes.
    private static func cannot(_ request: SandboxRequest) -> SandboxResponse {
        .text("Cannot \(request.method) /\(request.apiSegments.joined(separator: "/"))", status: 404,
              contentType: "text/html; charset=utf-8")
    }
}
