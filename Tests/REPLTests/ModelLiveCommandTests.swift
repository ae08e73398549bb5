import Foundation
import Testing
import SandboxTestSupport
import WorkbenchKit
@testable import REPL

/// Responses from the live sandbox decoded into models typed at the prompt, as a new user works.
@MainActor
@Suite struct ModelLiveCommandTests {
    let console = Console(capturingWithColors: false)

    @Test func usersDecodeAndEachMistakeGivesSwiftsError() async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            for line in ["base sandbox/jsonplaceholder", "get /users",
                         "struct User: Codable {\n    let id: Int\n    let name: String\n    let username: String\n}",
                         "let users = decode [User]", "users[0].username"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            #expect(console.capturedText.hasSuffix("""
                defined User (3 properties)
                [User] · 10 values
                [main.User(id: 1, name: "Leanne Graham", username: "Bret"), main.User(id: 2, name: "Ervin Howell", username: "Antonette"), main.User(id: 3, name: "Clementine Bauch", username: "Samantha"), main.User(id: 4, name: "Patricia Lebsack", username: "Karianne"), main.User(id: 5, name: "Chelsey Dietrich", username: "Kamren"), main.User(id: 6, name: "Mrs. Dennis Schulist", username: "Leopoldo_Corkery"), main.User(id: 7, name: "Kurtis Weissnat", username: "Elwyn.Skiles"), main.User(id: 8, name: "Nicholas Runolfsdottir V", username: "Maxime_Nienow"), main.User(id: 9, name: "Glenna Reichert", username: "Delphine"), main.User(id: 10, name: "Clementina DuBuque", username: "Moriah.Stanton")]
                users[0].username: String
                Bret

                """))
            let mistakes: [(String, String)] = [
                ("struct User: Codable { let id: Int; let nickname: String }",
                 #"error: DecodingError.keyNotFound: Key 'nickname' not found in keyed decoding container. Path: [0]. Debug description: No value associated with key CodingKeys(stringValue: "nickname", intValue: nil) ("nickname")."#),
                ("struct User: Codable { let id: String }",
                 "error: DecodingError.typeMismatch: expected value of type String. Path: [0].id. Debug description: Expected to decode String but found number instead."),
                ("struct User: Codable { struct Geo: Codable { let lat: Double }; struct Address: Codable { let geo: Geo }; let address: Address }",
                 "error: DecodingError.typeMismatch: expected value of type Double. Path: [0].address.geo.lat. Debug description: Expected to decode Double but found a string instead."),
            ]
            for (declaration, error) in mistakes {
                #expect(await session.evaluate(declaration))
                console.clearCaptured()
                #expect(await session.evaluate("decode [User]") == false)
                #expect(console.capturedText == error + "\n")
            }
            // A local document replaces the body until the next request.
            #expect(await session.evaluate(#"json {"id": 7, "name": "Local", "username": "local"}"#))
            #expect(await session.evaluate("struct User: Codable { let id: Int; let name: String }"))
            console.clearCaptured()
            #expect(await session.evaluate("decode User"))
            #expect(console.capturedText == "User\nUser(id: 7, name: \"Local\")\n")
            #expect(await session.evaluate("get /users/2"))
            console.clearCaptured()
            #expect(await session.evaluate("decode User"))
            #expect(console.capturedText == "User\nUser(id: 2, name: \"Ervin Howell\")\n")
        }
    }

    @Test func inferThenDecodeTheJokesAndCountries() async throws {
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            for line in ["get \(root.absoluteString)/jokes/jokes/ten", "infer Joke", "let jokes = decode [Joke]", "jokes.count",
                         "get \(root.absoluteString)/restcountries/v2/name/germany?fullText=true", "infer Country",
                         "decode [Country]", "get \(root.absoluteString)/met/public/collection/v1/objects/436535",
                         "infer MetObject", "decode MetObject"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText.suffix(500))")
            }
            #expect(console.capturedText.contains("jokes.count: Int\n10\n"))
            #expect(console.capturedText.contains("[main.Country(alpha2Code: \"DE\""))
        }
    }
}
