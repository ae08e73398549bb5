import Foundation
import SandboxTestSupport
import Testing
@testable import Sandbox

/// `sandbox/countries` over HTTP, as GraphQL over HTTP says: a POST of a JSON body or a GET with
/// the query in the URL, at the API's root (or `/graphql`), each media type's status codes, and the
/// real host answered offline.
@Suite struct CountriesHTTPTests {
    static let query = #"{"query": "query ($code: ID!) { country(code: $code) { name } }", "variables": {"code": "CO"}}"#
    static let answer = #"{"data":{"country":{"name":"Colombia"}}}"#

    @Test func aPostOfJSONAtTheRootOrGraphQLIsAnswered() async throws {
        try await LiveSandbox.with { base in
            for path in ["/countries", "/countries/", "/countries/graphql"] {
                let response = try await HTTPClient.shared.fetch(base.at(path), method: "POST", body: Data(Self.query.utf8),
                                                                 headers: ["Content-Type": "application/json"])
                #expect(response.status == 200 && response.text == Self.answer, "\(path): \(response.status) \(response.text)")
                #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            }
        }
    }

    @Test func aGetCarriesTheQueryInTheURL() async throws {
        try await LiveSandbox.with { base in
            var components = URLComponents(url: base.at("/countries"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "query", value: "query Q($code: ID!) { country(code: $code) { name } }"),
                                     URLQueryItem(name: "variables", value: #"{"code": "CO"}"#), URLQueryItem(name: "operationName", value: "Q")]
            let response = try await HTTPClient.shared.fetch(try #require(components.url))
            #expect(response.status == 200 && response.text == Self.answer, "\(response.text)")
        }
    }

    /// With `application/graphql-response+json`, a query that could not run is a 400; with
    /// `application/json` every GraphQL answer is a 200; an error while running is a 200 either way.
    @Test(arguments: [("{ nope }", "application/json", 200), ("{ nope }", "application/graphql-response+json", 400),
                      (#"{ country(code: \"Colombia\") { name } }"#, "application/graphql-response+json", 200)])
    func statusFollowsTheMediaTypeAsked(query: String, accept: String, status: Int) async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at("/countries"), method: "POST", body: Data(#"{"query": "\#(query)"}"#.utf8),
                                                             headers: ["Content-Type": "application/json", "Accept": accept])
            #expect(response.status == status, "\(response.text)")
            #expect(response.header("Content-Type")?.hasPrefix(accept) == true)
            #expect((try response.json() as? [String: Any])?["errors"] != nil)
        }
    }

    @Test(arguments: [
        ("POST", "text/plain", "{ countries { code } }", 415, "a GraphQL request's body is application/json, not text/plain"),
        ("POST", "application/json", "[1]", 400, #"the body is not a JSON object: send {"query": "{ countries { code } }"}"#),
        ("POST", "application/json", #"{"variables": {}}"#, 400, #"no query: send {"query": "{ countries { code } }"}"#),
        ("POST", "application/json", #"{"query": "{ x }", "variables": [1]}"#, 400, #"variables must be a JSON object, like {"code": "CO"}"#),
        ("POST", "application/json", #"{"query": "{ x }", "operationName": 1}"#, 400, "operationName must be a string"),
        ("PUT", "application/json", #"{"query": "{ x }"}"#, 405, "a GraphQL request is a POST (or a GET, for a query), not PUT"),
    ])
    func aRequestThatIsNotGraphQLIsOneError(method: String, type: String, body: String, status: Int, message: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await HTTPClient.shared.fetch(base.at("/countries"), method: method, body: Data(body.utf8),
                                                             headers: ["Content-Type": type])
            #expect(response.status == status)
            #expect(response.text == #"{"errors":[{"message":"\#(message.replacingOccurrences(of: "\"", with: "\\\""))"}]}"#, "\(response.text)")
            if status == 405 { #expect(response.header("Allow") == "GET, POST") }
        }
    }

    @Test func theRealHostIsAnsweredOffline() throws {
        let sandbox = try #require(URL(string: "http://127.0.0.1:4000"))
        let real = try #require(URL(string: "https://countries.trevorblades.com/"))
        #expect(OfflineRouting.sandboxURL(for: real, sandbox: sandbox)?.absoluteString == "http://127.0.0.1:4000/countries/")
        #expect(OfflineRouting.realURL(for: sandbox.appendingPathComponent("countries"), sandbox: sandbox)?.absoluteString
                == "https://countries.trevorblades.com/")
    }
}
