/// `/jokes`: official-joke-api.appspot.com on its real paths; random routes take `?seed=N`.
enum JokeAPI {
    /// The real server's routes (Express, in its order: `/jokes/random/{count}` before `/jokes/{type}/random`).
    static let routes: [SandboxRoute] = [
        SandboxRoute(["GET"], "/", note: "a sentence naming the routes") { _ in
            .text("Try /random_joke, /random_ten, /jokes/random, or /jokes/ten , /jokes/random/<any-number>",
                  contentType: "text/html; charset=utf-8")
        },
        SandboxRoute(["GET"], "/ping") { _ in .text("pong", contentType: "text/html; charset=utf-8") },
        SandboxRoute(["GET"], "/random_joke", note: "?seed=N for a repeatable pick", examples: ["/random_joke"]) { request in
            answer(request) { data, all, random in one(data, data.pick(1, from: all, using: &random).first ?? 0) }
        },
        SandboxRoute(["GET"], "/random_ten", examples: ["/random_ten"]) { request in
            answer(request) { data, all, random in list(data, data.pick(10, from: all, using: &random)) }
        },
        SandboxRoute(["GET"], "/jokes/random", examples: ["/jokes/random"]) { request in
            answer(request) { data, all, random in one(data, data.pick(1, from: all, using: &random).first ?? 0) }
        },
        SandboxRoute(["GET"], "/jokes/ten", examples: ["/jokes/ten"]) { request in
            answer(request) { data, all, random in list(data, data.pick(10, from: all, using: &random)) }
        },
        SandboxRoute(["GET"], "/jokes/random/{count}") { request in
            answer(request) { data, all, random in randomCount(request.apiSegments[2], data: data, all: all, random: &random) }
        },
        SandboxRoute(["GET"], "/jokes/{type}/random", note: "type: general, programming, knock-knock, dad") { request in
            answer(request) { data, all, random in
                list(data, data.pick(1, from: all.filter { data.types[$0] == request.apiSegments[1] }, using: &random))
            }
        },
        SandboxRoute(["GET"], "/jokes/{type}/ten", examples: ["/jokes/programming/ten"]) { request in
            answer(request) { data, all, random in
                list(data, data.pick(10, from: all.filter { data.types[$0] == request.apiSegments[1] }, using: &random))
            }
        },
        SandboxRoute(["GET"], "/jokes/{id}", note: "ids 1...451", examples: ["/jokes/1"]) { request in
            answer(request) { data, _, _ in
                guard let id = Int(request.apiSegments[1]), data.jokes.indices.contains(id - 1) else {
                    return .json(.object([("type", .string("error")), ("message", .string("joke not found"))]),
                                 status: 404, pretty: false)
                }
                return one(data, id - 1)
            }
        },
        SandboxRoute(["GET"], "/types", examples: ["/types"]) { request in
            answer(request) { data, _, _ in .json(.array(data.distinctTypes.map { .string($0) }), pretty: false) }
        },
    ]

    /// The answer from the loaded jokes, every index, and the request's random source (`?seed=N`); or the dataset's error.
    private static func answer(
        _ request: SandboxRequest, _ body: (JokeData, [Int], inout RequestRandom) -> SandboxResponse
    ) -> SandboxResponse {
        switch JokeData.shared {
        case .success(let data):
            var random = RequestRandom(seed: request.queryValue("seed"))
            return body(data, Array(data.jokes.indices), &random)
        case .failure(let error):
            return error.response
        }
    }

    /// `/jokes/random/{count}`: the real server answers a count that is not a number, or too large, with 200 and a sentence.
    private static func randomCount(_ text: String, data: JokeData, all: [Int], random: inout RequestRandom) -> SandboxResponse {
        guard let count = Int(text.prefix { $0.isNumber }), count > 0 else {
            return .text("The passed path is not a number.", contentType: "text/html; charset=utf-8")
        }
        guard count <= data.jokes.count else {
            return .text("The passed path exceeds the number of jokes (\(data.jokes.count)).", contentType: "text/html; charset=utf-8")
        }
        return list(data, data.pick(count, from: all, using: &random))
    }

    private static func one(_ data: JokeData, _ index: Int) -> SandboxResponse {
        .json(data.jokes[index])
    }

    private static func list(_ data: JokeData, _ indices: [Int]) -> SandboxResponse {
        .json(JSONValue.array(indices.map { .raw(data.jokes[$0]) }).rendered(pretty: false))
    }

    /// Express's own 404 for a path no route takes, or a method it does not.
    static func cannot(_ request: SandboxRequest) -> SandboxResponse {
        .text("Cannot \(request.method) /\(request.apiSegments.joined(separator: "/"))", status: 404,
              contentType: "text/html; charset=utf-8")
    }
}
