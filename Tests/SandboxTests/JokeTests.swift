import Foundation
import Testing
import SandboxTestSupport

@Suite("Official Joke API")
struct JokeTests {
    let client = HTTPClient.shared

    private func joke(_ response: FetchedResponse) throws -> [String: Any] {
        try #require(try response.json() as? [String: Any])
    }

    private func jokes(_ response: FetchedResponse) throws -> [[String: Any]] {
        try #require(try response.json() as? [[String: Any]])
    }

    @Test func jokesAreNumberedInFileOrder() async throws {
        try await LiveSandbox.with { base in
            let first = try await client.fetch(base.at("/jokes/jokes/1"))
            #expect(first.status == 200)
            #expect(first.text == #"{"type":"general","setup":"What did the fish say when it hit the wall?","punchline":"Dam.","id":1}"#)
            let last = try joke(try await client.fetch(base.at("/jokes/jokes/451")))
            #expect(last["id"] as? Int == 451)
            #expect(last["punchline"] as? String == "A crookodile!")
        }
    }

    @Test(arguments: ["/jokes/452", "/jokes/0", "/jokes/abc"])
    func anUnknownIDIs404WithTheRealErrorShape(path: String) async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jokes" + path))
            #expect(response.status == 404)
            #expect(response.text == #"{"type":"error","message":"joke not found"}"#)
        }
    }

    @Test func aSeedMakesRandomAnswersRepeatable() async throws {
        try await LiveSandbox.with { base in
            for path in ["/random_joke", "/random_ten", "/jokes/random", "/jokes/ten", "/jokes/programming/ten", "/jokes/random/25"] {
                let first = try await client.fetch(base.at("/jokes\(path)?seed=42"))
                let again = try await client.fetch(base.at("/jokes\(path)?seed=42"))
                #expect(first.status == 200)
                #expect(first.text == again.text, "\(path)")
            }
            let other = try await client.fetch(base.at("/jokes/random_ten?seed=43"))
            let seeded = try await client.fetch(base.at("/jokes/random_ten?seed=42"))
            #expect(other.text != seeded.text)
        }
    }

    @Test func tenAreTenDifferentJokes() async throws {
        try await LiveSandbox.with { base in
            for path in ["/random_ten", "/jokes/ten"] {
                let ids = try jokes(try await client.fetch(base.at("/jokes" + path))).compactMap { $0["id"] as? Int }
                #expect(ids.count == 10 && Set(ids).count == 10)
                #expect(ids.allSatisfy { (1...451).contains($0) })
            }
        }
    }

    @Test func jokesByTypeAreOfThatType() async throws {
        try await LiveSandbox.with { base in
            let ten = try jokes(try await client.fetch(base.at("/jokes/jokes/programming/ten")))
            #expect(ten.count == 10 && ten.allSatisfy { $0["type"] as? String == "programming" })
            let knock = try jokes(try await client.fetch(base.at("/jokes/jokes/knock-knock/ten")))
            #expect(knock.count == 5)
            let one = try jokes(try await client.fetch(base.at("/jokes/jokes/dad/random")))
            #expect(one.count == 1 && one.first?["type"] as? String == "dad")
            #expect(try jokes(try await client.fetch(base.at("/jokes/jokes/nosuchtype/ten"))).isEmpty)
        }
    }

    @Test func typesAreListedInOrderOfFirstAppearance() async throws {
        try await LiveSandbox.with { base in
            let response = try await client.fetch(base.at("/jokes/types"))
            #expect(try response.json() as? [String] == ["general", "knock-knock", "programming", "dad"])
        }
    }

    @Test func randomNCountsAndRefusesAsTheRealServerDoes() async throws {
        try await LiveSandbox.with { base in
            #expect(try jokes(try await client.fetch(base.at("/jokes/jokes/random/3"))).count == 3)
            let tooMany = try await client.fetch(base.at("/jokes/jokes/random/500"))
            #expect(tooMany.text == "The passed path exceeds the number of jokes (451).")
            let notNumber = try await client.fetch(base.at("/jokes/jokes/random/x"))
            #expect(notNumber.text == "The passed path is not a number.")
        }
    }
}
