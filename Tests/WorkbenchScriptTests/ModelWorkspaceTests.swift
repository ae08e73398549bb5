import Foundation
import ModelRuntime
import Testing
@testable import WorkbenchScript

@Suite struct ModelWorkspaceTests {
    static func workspace() throws -> ModelWorkspace {
        let workspace = ModelWorkspace()
        try workspace.declare("""
            struct Post: Codable {
                enum Kind: String, Codable { case free, paid }
                let id: Int
                let title: String
                let kind: Kind?
                let tags: [String: Int]
            }
            """)
        workspace.setBody(Data(#"""
            {"data": {"items": [{"id": 1, "title": "a", "kind": "paid", "tags": {"x": 1}},
                                {"id": 2, "title": "b", "tags": {}}]}}
            """#.utf8))
        return workspace
    }

    @Test func decodesAtAPathAndSummarisesCollections() throws {
        let workspace = try Self.workspace()
        let posts = try workspace.decode("[Post]", at: "data.items")
        #expect(posts.summary == "[Post] · 2 values")
        #expect(posts.printed(moduleName: "main") == #"[main.Post(id: 1, title: "a", kind: Optional(main.Post.Kind.paid), tags: ["x": 1]), main.Post(id: 2, title: "b", kind: nil, tags: [:])]"#)
        #expect(posts.printed(moduleName: "first_posts").hasPrefix("[first_posts.Post(id: 1"))
    }

    /// Issue item 16: a model holding Foundation's `Data` and `TimeZone` decodes as JSONDecoder does,
    /// and a model the session declares under one of their names takes its place, as in Swift.
    @Test func foundationTypesDecodeUnlessAModelOfTheirNameIsDeclared() throws {
        let workspace = ModelWorkspace()
        try workspace.declare("struct U: Codable { let id: UUID; let blob: Data?; let when: Date; let tz: TimeZone? }")
        workspace.setBody(Data(#"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "blob": null, "when": 0}"#.utf8))
        #expect(try workspace.decode("U").printed(moduleName: "main")
            == "U(id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, blob: nil, when: 2001-01-01 00:00:00 +0000, tz: nil)")
        workspace.setBody(Data(#"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "blob": {"x": 1}, "when": 0}"#.utf8))
        try workspace.declare("struct Data: Codable { let x: Int }")
        #expect(try workspace.decode("U").printed(moduleName: "main")
            == "U(id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F, blob: Optional(main.Data(x: 1)), when: 2001-01-01 00:00:00 +0000, tz: nil)")
    }

    @Test func boundValuesAnswerMemberAccess() throws {
        let workspace = try Self.workspace()
        let posts = try workspace.decode("[Post]", at: "data.items")
        let cases: [(String, String, String)] = [
            ("posts.count", "Int", "2"),
            ("posts[0]", "Post", #"Post(id: 1, title: "a", kind: Optional(main.Post.Kind.paid), tags: ["x": 1])"#),
            ("posts[1].title", "String", "b"),
            ("posts[0].kind", "Post.Kind?", "Optional(main.Post.Kind.paid)"),
            ("posts[0].kind?.rawValue", "String?", #"Optional("paid")"#),
            ("posts[1].kind?.rawValue", "String?", "nil"),
            ("posts[0].tags[\"x\"]", "Int?", "Optional(1)"),
            ("posts[0].tags.count", "Int", "1"),
            ("posts.first?.id", "Int?", "Optional(1)"),
            ("posts.isEmpty", "Bool", "false"),
        ]
        for (expression, type, printed) in cases {
            let (name, steps) = try #require(ValuePath.parse(expression))
            let value = try posts.following(steps, from: name)
            #expect(value.type.source == type, "\(expression)")
            #expect(value.printed(moduleName: "main") == printed, "\(expression)")
        }
    }

    @Test func memberAccessMistakesGetSwiftsWording() throws {
        let workspace = try Self.workspace()
        let posts = try workspace.decode("[Post]", at: "data.items")
        let cases: [(String, String)] = [
            ("posts[5]", "index 5 is out of range: 'posts' has 2 elements"),
            ("posts[0].name", "value of type 'Post' has no member 'name'"),
            ("posts[0].kind.rawValue", "value of optional type 'Post.Kind?' must be unwrapped to refer to member 'rawValue' of wrapped base type 'Post.Kind'; use 'posts[0].kind?.rawValue'"),
            ("posts.title", "value of type '[Post]' has no member 'title'"),
        ]
        for (expression, message) in cases {
            let (name, steps) = try #require(ValuePath.parse(expression))
            #expect(throws: WorkspaceError.message(message)) { try posts.following(steps, from: name) }
        }
    }

    @Test func decodingWithoutABodyOrWithABadPathSaysWhatToDo() throws {
        let workspace = ModelWorkspace()
        #expect(throws: WorkspaceError.noBody) { try workspace.decode("Int") }
        let loaded = try Self.workspace()
        #expect(throws: (any Error).self) { try loaded.decode("[Post]", at: "data.missing") }
        loaded.setBody(Data("<html>".utf8))
        #expect(throws: DecodingFailure.invalidJSON) { try loaded.decode("[Post]") }
        #expect(throws: ModelTypeError("cannot find type 'Pst' in scope")) { try loaded.decode("[Pst]") }
        #expect(throws: ModelTypeError("'[Post' is not a Swift type")) { try loaded.decode("[Post") }
    }

    @Test func longArraysAreCutWholeElementsWithACount() throws {
        let workspace = ModelWorkspace()
        workspace.setBody(Data(("[" + (1...500).map(String.init).joined(separator: ",") + "]").utf8))
        let numbers = try workspace.decode("[Int]")
        let report = numbers.report(moduleName: "main", forTerminal: true)
        let (text, truncated) = report.text(limit: 100)
        #expect(truncated)
        #expect(text.hasPrefix("[1, 2, 3"))
        #expect(text.hasSuffix("more]"))
        #expect(report.text(limit: 10_000).text == numbers.printed(moduleName: "main"))
    }
}
