import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// `infer` on the sandbox's real datasets: the generated declarations parse, print, and decode the body.
@Suite struct InferenceTests {
    struct Fixture: Sendable, CustomStringConvertible {
        let file: String
        /// A path inside the file to start from (jsonplaceholder's file holds every resource).
        let at: String?
        let name: String
        var description: String { file + (at.map { " at \($0)" } ?? "") }
    }

    static let fixtures: [Fixture] = [
        .init(file: "jsonplaceholder/data.json", at: "users", name: "User"),
        .init(file: "jsonplaceholder/data.json", at: "posts", name: "Post"),
        .init(file: "jsonplaceholder/data.json", at: "comments", name: "Comment"),
        .init(file: "jsonplaceholder/data.json", at: "photos", name: "Photo"),
        .init(file: "jsonplaceholder/data.json", at: "todos", name: "Todo"),
        .init(file: "jsonplaceholder/data.json", at: nil, name: "Everything"),
        .init(file: "restcountries/countriesV2.json", at: nil, name: "Country"),
        .init(file: "restcountries/countriesV3.1.json", at: nil, name: "Country"),
        .init(file: "official-joke-api/index.json", at: nil, name: "Joke"),
        .init(file: "metmuseum/objects/671456.json", at: nil, name: "MetObject"),
        .init(file: "metmuseum/search/isHighlight-true_q-cat.json", at: nil, name: "SearchResult"),
        .init(file: "metmuseum/departments.json", at: nil, name: "Departments"),
    ]

    /// A dataset the sandbox serves, from the package's own copy (a fresh clone has it).
    static func data(_ file: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Sandbox/Data/\(file)").standardized)
    }

    @Test(arguments: fixtures)
    func inferredModelsDecodeTheirOwnBody(_ fixture: Fixture) throws {
        let workspace = ModelWorkspace()
        workspace.setBody(try Self.data(fixture.file))
        for snake in [false, true] {
            let result = try workspace.infer(fixture.name, snakeCase: snake, at: fixture.at)
            let source = result.declaration.swiftSource()
            #expect(try DeclarationParser.parse(source) == [result.declaration], "\(source)")
            let decoded = try workspace.decode(result.decodeType.source,
                                               options: DecodingOptions(keys: snake ? .convertFromSnakeCase : .useDefaultKeys),
                                               at: fixture.at)
            #expect(!decoded.printed(moduleName: "main").isEmpty)
        }
    }

    @Test func namesTypesOptionalsAndCodingKeysFromTheDocument() throws {
        let workspace = ModelWorkspace()
        workspace.setBody(Data(#"""
            {"users": [{"id": 1, "full name": "Ada", "score": 1, "address": {"geo_lat": 1.5}, "tags": []},
                       {"id": 2, "full name": "Bob", "score": 2.5, "nick": null, "address": {"geo_lat": 2}, "tags": ["x"]}],
             "default": true}
            """#.utf8))
        let result = try workspace.infer("Root", snakeCase: false)
        #expect(result.declaration.swiftSource() == """
            struct Root: Codable {
                let users: [User]
                let defaultValue: Bool

                struct User: Codable {
                    let id: Int
                    let fullName: String
                    let score: Double
                    let address: Address
                    let tags: [String]
                    let nick: String?

                    struct Address: Codable {
                        let geo_lat: Double
                    }

                    enum CodingKeys: String, CodingKey {
                        case id
                        case fullName = "full name"
                        case score
                        case address
                        case tags
                        case nick
                    }
                }

                enum CodingKeys: String, CodingKey {
                    case users
                    case defaultValue = "default"
                }
            }
            """)
        let snake = try workspace.infer("Root", snakeCase: true)
        #expect(snake.declaration.nested.first?.nested.first?.properties.first?.name == "geoLat")
        let value = try workspace.decode("Root", options: DecodingOptions(keys: .convertFromSnakeCase))
        #expect(value.printed(moduleName: "main").hasPrefix("Root(users: [main.Root.User(id: 1, fullName: \"Ada\", score: 1.0"))
    }
}
