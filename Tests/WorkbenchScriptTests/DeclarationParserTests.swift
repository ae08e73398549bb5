import ModelRuntime
import Testing
@testable import WorkbenchScript

@Suite struct DeclarationParserTests {
    @Test func parsesAStructWithEveryPropertyForm() throws {
        let models = try DeclarationParser.parse("""
            struct Post: Codable {
                let userId: Int
                var title: String = "untitled"
                let tags: [String]?
                let scores: [String: Double]
                let a, b: Int
                var upper: String { title.uppercased() }
                static let none = 0
            }
            """)
        let post = try #require(models.first)
        #expect(post.name == "Post" && post.isDecodable)
        #expect(post.properties.map(\.name) == ["userId", "title", "tags", "scores", "a", "b"])
        #expect(post.properties.map(\.type.source) == ["Int", "String", "[String]?", "[String: Double]", "Int", "Int"])
        #expect(post.properties[1].defaultValue == .string("untitled"))
        #expect(post.keptMembers == ["var upper: String { title.uppercased() }", "static let none = 0"])
    }

    @Test func readsEnumsWithRawValuesAndCodingKeys() throws {
        let models = try DeclarationParser.parse("""
            struct Item: Codable {
                enum Kind: String, Codable { case free, paid = "premium" }
                let kind: Kind
                let imageURL: String
                enum CodingKeys: String, CodingKey {
                    case kind
                    case imageURL = "primaryImageSmall"
                }
            }
            """)
        let item = try #require(models.first)
        #expect(item.nested.first?.cases.map(\.name) == ["free", "paid"])
        #expect(item.nested.first?.cases.last?.rawValue == .string("premium"))
        #expect(item.codingKeys == [CodingKeyCase(name: "kind", key: "kind"),
                                    CodingKeyCase(name: "imageURL", key: "primaryImageSmall")])
    }

    static let roundTripSources = [
        "struct P: Codable { let a: Int }",
        "struct Empty {}",
        """
        struct Outer: Decodable {
            struct Inner: Codable { let x: Int? }
            enum Level: Int, Codable { case low = 1, mid, high = 10 }
            let inner: [Inner]
            var level: Level = .mid
            let map: [Int: [String]]
            let when: Date
            let price: Decimal
            let id: UUID
            let link: URL?
            enum CodingKeys: String, CodingKey { case inner = "in", level, map, when, price, id, link }
            func describe() -> String {
                "\\(inner.count)"
            }
        }
        """,
        "enum Kind: String, Codable { case a, b = \"bee\", `default` }",
        "struct K: Codable { let `default`: Bool; let `class`: String; enum CodingKeys: String, CodingKey { case `default` = \"is_default\", `class` } }",
        "struct D: Codable { let xs: [Double] = [1.5, -2]; var m: [String: Int] = [:]; var flag = true }",
    ]

    @Test(arguments: roundTripSources)
    func printingAndParsingAgainGivesTheSameDeclaration(_ source: String) throws {
        let parsed = try DeclarationParser.parse(source)
        let printed = parsed.map { $0.swiftSource() }.joined(separator: "\n\n")
        let reparsed = try DeclarationParser.parse(printed)
        #expect(reparsed == parsed, "printed:\n\(printed)")
        #expect(reparsed.map { $0.swiftSource() }.joined(separator: "\n\n") == printed)
    }

    @Test func printsSourceInTheUsualLayout() throws {
        let model = try #require(try DeclarationParser.parse(
            "struct P: Codable { let a: Int; var b: String? = nil; enum CodingKeys: String, CodingKey { case a = \"A\", b } }").first)
        #expect(model.swiftSource() == """
            struct P: Codable {
                let a: Int
                var b: String? = nil

                enum CodingKeys: String, CodingKey {
                    case a = "A"
                    case b
                }
            }
            """)
    }
}
