import Foundation
import GraphQLDocuments
@testable import GraphQLExecution

/// A small schema exercising what the countries API does not: an interface, a union, an enum,
/// nullable list items, Int and Float, input objects with required fields and defaults, resolvers
/// that throw or return null where null is not allowed.
///
///     type Query { hero: Character  people: [Person!]!  person(id: ID!): Person  numbers: [Int]
///                  strictNumbers: [Int!]  search(term: String!): [SearchResult!]!  failing: String
///                  failingNonNull: String!  nested: Nested  badInt: Int  ratio: Float
///                  echo(text: String, times: Int = 1, tags: [String!], mood: Mood = HAPPY, input: EchoInput): String }
///     interface Character { name: String! }
///     type Person implements Character { id: ID!  name: String!  nickname: String  mustHave: String!
///                                         age: Int  mood: Mood  friends: [Person!]! }
///     type Robot implements Character { name: String!  model: String }
///     union SearchResult = Person | Robot
///     enum Mood { HAPPY SAD GRUMPY @deprecated(reason: "Be nice.") }
///     input EchoInput { text: String!  repeat: Int = 2 }
///     type Nested { inner: Nested  value: String!  broken: String! }
enum TinySchema {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var people: [[String: Any]] {
        [
            ["id": "1", "name": "Ada", "nickname": "Countess", "mustHave": "yes", "age": 36, "mood": "HAPPY", "friends": ["2"]],
            ["id": "2", "name": "Alan", "nickname": "failing", "mustHave": NSNull(), "age": 41, "mood": "SAD", "friends": ["1", "3"]],
            ["id": "3", "name": "Grace \"Amazing\"\nHopper\u{7}é🙂", "mustHave": "yes", "mood": "GRUMPY", "friends": []],
        ]
    }

    static var robot: [String: Any] { ["name": "R2-D2", "model": "Astromech"] }

    static func person(_ id: String) -> [String: Any]? { people.first { $0["id"] as? String == id } }

    static let description = GraphQLSchemaDescription(
        queryType: .init(name: "Query"),
        types: [
            .object("Query", fields: [
                .field("hero", .named(.INTERFACE, "Character")),
                .field("people", .nonNullList(of: .object("Person"))),
                .field("person", .object("Person"), args: [.input("id", .nonNull(.scalar("ID")))]),
                .field("numbers", .list(.scalar("Int"))),
                .field("strictNumbers", .list(.nonNull(.scalar("Int")))),
                .field("search", .nonNullList(of: .named(.UNION, "SearchResult")), args: [.input("term", .nonNull(.scalar("String")))]),
                .field("failing", .scalar("String")),
                .field("failingNonNull", .nonNull(.scalar("String"))),
                .field("nested", .object("Nested")),
                .field("badInt", .scalar("Int")),
                .field("ratio", .scalar("Float")),
                .field("echo", .scalar("String"), args: [
                    .input("text", .scalar("String")),
                    .input("times", .scalar("Int"), defaultValue: "1"),
                    .input("tags", .list(.nonNull(.scalar("String")))),
                    .input("mood", .enumeration("Mood"), defaultValue: "HAPPY"),
                    .input("input", .inputObject("EchoInput")),
                ]),
            ]),
            .interface("Character", fields: [.field("name", .nonNull(.scalar("String")))], possibleTypes: ["Person", "Robot"]),
            .object("Person", interfaces: ["Character"], fields: [
                .field("id", .nonNull(.scalar("ID"))),
                .field("name", .nonNull(.scalar("String"))),
                .field("nickname", .scalar("String")),
                .field("mustHave", .nonNull(.scalar("String"))),
                .field("age", .scalar("Int")),
                .field("mood", .enumeration("Mood")),
                .field("friends", .nonNullList(of: .object("Person"))),
            ]),
            .object("Robot", interfaces: ["Character"], fields: [
                .field("name", .nonNull(.scalar("String"))),
                .field("model", .scalar("String"), deprecationReason: "Use name."),
            ]),
            .union("SearchResult", possibleTypes: ["Person", "Robot"]),
            .enumeration("Mood", values: [.value("HAPPY"), .value("SAD"), .value("GRUMPY", deprecationReason: "Be nice.")]),
            .inputObject("EchoInput", fields: [.input("text", .nonNull(.scalar("String"))), .input("repeat", .scalar("Int"), defaultValue: "2")]),
            .object("Nested", fields: [
                .field("inner", .object("Nested")),
                .field("value", .nonNull(.scalar("String"))),
                .field("broken", .nonNull(.scalar("String"))),
            ]),
        ] + GraphQLStandardSchemaParts.scalars + GraphQLStandardSchemaParts.introspectionTypes,
        directives: GraphQLStandardSchemaParts.directives
    )

    static let schema = make()

    /// The tiny schema, its responses' `data` held to `maximumDataBytes`.
    static func make(maximumDataBytes: Int = 8 << 20) -> GraphQLExecutableSchema {
        let resolvers: [String: [String: GraphQLFieldResolver]] = [
            "Query": [
                "hero": { _, _ in person("1") },
                "people": { _, _ in people },
                "person": { _, arguments in arguments["id"]?.stringValue.flatMap(person) },
                "numbers": { _, _ in [1, nil, 3] as [Int?] },
                "strictNumbers": { _, _ in [1, nil, 3] as [Int?] },
                "search": { _, arguments in
                    let term = arguments["term"]?.stringValue ?? ""
                    return people.filter { ($0["name"] as? String ?? "").contains(term) } + (robot["name"] as! String).contains(term).asList(robot)
                },
                "failing": { _, _ in throw Failure(description: "This field always fails.") },
                "failingNonNull": { _, _ in throw Failure(description: "This non-null field fails.") },
                "nested": { _, _ in 0 },
                "badInt": { _, _ in "not a number" },
                "ratio": { _, _ in 0.25 },
                "echo": { _, arguments in
                    arguments.values.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
                },
            ],
            "Person": [
                "nickname": { parent, _ in
                    let nickname = (parent as! [String: Any])["nickname"] as? String
                    if nickname == "failing" { throw Failure(description: "No nickname for \((parent as! [String: Any])["name"]!).") }
                    return nickname
                },
                "friends": { parent, _ in ((parent as! [String: Any])["friends"] as! [String]).compactMap(person) },
            ],
            "Nested": [
                "inner": { parent, _ in (parent as! Int) < 3 ? (parent as! Int) + 1 : nil },
                "value": { parent, _ in "level \(parent)" },
                "broken": { parent, _ in (parent as! Int) == 2 ? nil : "fine" },
            ],
        ]
        let typeResolver: GraphQLTypeResolver = { value in
            (value as? [String: Any])?["id"] != nil ? "Person" : "Robot"
        }
        do {
            return try GraphQLExecutableSchema(
                description: description, resolvers: resolvers,
                typeResolvers: ["Character": typeResolver, "SearchResult": typeResolver], maximumDataBytes: maximumDataBytes
            )
        } catch {
            fatalError("the tiny schema does not compile: \(error)")
        }
    }

    /// The response as text, for exact comparisons.
    static func run(_ query: String, _ variables: [String: GraphQLJSONValue] = [:], operationName: String? = nil) -> String {
        schema.execute(query: query, variables: variables, operationName: operationName).text
    }
}

private extension Bool {
    func asList(_ value: [String: Any]) -> [[String: Any]] { self ? [value] : [] }
}
