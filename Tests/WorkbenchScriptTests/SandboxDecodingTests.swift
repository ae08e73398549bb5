import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WorkbenchKit
import SandboxTestSupport
@testable import WorkbenchScript

/// Real sandbox responses decoded into models typed at the prompt, against the same models compiled
/// and decoded by JSONDecoder: the values and each kind of mistake must print identically.
@Suite struct SandboxDecodingTests {
    struct Route: Sendable, CustomStringConvertible {
        let path: String
        let probe: DifferentialCase
        var description: String { "\(probe.type) ← \(path)" }

        init<T: Decodable>(_ path: String, _ type: T.Type, _ text: String, dates: DecodingOptions.Dates = .deferredToDate) {
            self.path = path
            probe = DifferentialCase(type, text, "", dates: dates)
        }
    }

    static let routes: [Route] = [
        .init("/jsonplaceholder/users", [User].self, "[User]"),
        .init("/jsonplaceholder/users/1", User.self, "User"),
        .init("/jsonplaceholder/posts?userId=1", [Post].self, "[Post]"),
        .init("/jsonplaceholder/users", [UserWithNickname].self, "[UserWithNickname]"),
        .init("/jsonplaceholder/posts", [PostWithStringID].self, "[PostWithStringID]"),
        .init("/jokes/jokes/ten", [Joke].self, "[Joke]"),
        .init("/jokes/jokes/programming/ten", [Joke].self, "[Joke]"),
        .init("/jokes/random_joke", Joke.self, "Joke"),
        .init("/jokes/jokes/knock-knock/ten", [Joke].self, "[Joke]"),
        .init("/restcountries/v2/alpha/deu", CountryV2.self, "CountryV2"),
        .init("/restcountries/v2/all", [CountryV2].self, "[CountryV2]"),
        .init("/restcountries/v2/all", [CountryWithArea].self, "[CountryWithArea]"),
        .init("/met/public/collection/v1/objects/436535", MetObject.self, "MetObject", dates: .iso8601),
        .init("/met/public/collection/v1/objects/436535", MetObject.self, "MetObject"),
        .init("/met/public/collection/v1/objects/570722", MetObject.self, "MetObject", dates: .iso8601),
    ]

    static func fetch(_ url: URL) async throws -> Data {
        try await URLSession.shared.data(from: url).0
    }

    @Test func sandboxResponsesDecodeAsCompiledSwiftDoes() async throws {
        let registry = try DifferentialModels.registry()
        let outcomes = try await LiveSandbox.with { base in
            var outcomes: [String] = []
            for route in Self.routes {
                let body = try await Self.fetch(try #require(URL(string: base.absoluteString + route.path)))
                let probe = DifferentialCase(template: route.probe, json: String(decoding: body, as: UTF8.self))
                let expected = probe.expected
                #expect(probe.actual(registry: registry) == expected, "\(route)")
                outcomes.append(expected)
            }
            return outcomes
        }
        // The mistakes in the models above give each kind of error, and the right models decode.
        for kind in ["keyNotFound", "typeMismatch", "dataCorrupted"] {
            #expect(outcomes.contains { $0.hasPrefix("DecodingError.\(kind)") }, "no route gives \(kind)")
        }
        #expect(outcomes.filter { !$0.hasPrefix("DecodingError.") }.count >= 6)
    }

    @Test func inferredModelsDecodeEverySandboxAPI() async throws {
        let paths = ["/jsonplaceholder/users", "/jsonplaceholder/comments?postId=1", "/jsonplaceholder/albums",
                     "/jsonplaceholder/todos", "/jokes/random_joke", "/jokes/jokes/ten", "/restcountries/v2/all",
                     "/restcountries/v2/name/germany?fullText=true", "/met/public/collection/v1/search?q=cat",
                     "/met/public/collection/v1/objects/436535", "/httpbin/anything?x=1", "/httpbin/headers"]
        try await LiveSandbox.with { base in
            for path in paths {
                let workspace = ModelWorkspace()
                workspace.setBody(try await Self.fetch(try #require(URL(string: base.absoluteString + path))))
                for snake in [false, true] {
                    let result = try workspace.infer("Model", snakeCase: snake)
                    let options = DecodingOptions(keys: snake ? .convertFromSnakeCase : .useDefaultKeys)
                    #expect(throws: Never.self, "\(path)") {
                        try workspace.decode(result.decodeType.source, options: options)
                    }
                }
            }
        }
    }
}
