import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// The model commands through the session, as a piped run sees them.
@MainActor
@Suite struct ModelCommandsTests {
    let console = Console(capturingWithColors: false)

    func session(terminal: Bool = false) -> (Session, Console) {
        let console = terminal ? Console(capturingWithColors: false, terminal: true) : console
        return (Session(console: console, isInteractive: false), console)
    }

    @Test func declareLoadDecodeBindAndInspect() async {
        let (session, console) = session()
        #expect(await session.evaluate("struct Post: Codable {\n    let id: Int\n    let title: String\n}"))
        #expect(await session.evaluate(#"json [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]"#))
        #expect(await session.evaluate("let posts = decode [Post]"))
        #expect(await session.evaluate("posts[1].title"))
        #expect(await session.evaluate("posts.count"))
        #expect(await session.evaluate("decode Post --at [0]"))
        #expect(console.capturedText == """
            defined Post (2 properties)
            current body: an array of 2 elements (50 bytes)
            [Post] · 2 values
            [main.Post(id: 1, title: "a"), main.Post(id: 2, title: "b")]
            posts[1].title: String
            b
            posts.count: Int
            2
            Post
            Post(id: 1, title: "a")

            """)
    }

    @Test(arguments: [
        ("decode [User]", "error: cannot find type 'User' in scope\n"),
        ("decode Post", "error: DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Debug description: Expected to decode Dictionary<String, Any> but found an array instead.\n"),
        ("decode [Post]", "error: DecodingError.keyNotFound: Key 'title' not found in keyed decoding container. Path: [1]. Debug description: No value associated with key CodingKeys(stringValue: \"title\", intValue: nil) (\"title\").\n"),
        ("decode [Post] --keys camel", "error: --keys takes 'snake' or 'default', not 'camel'\n"),
        ("decode [Post] --verbose", "error: unknown option '--verbose'; usage: \(DecodeArguments.usage)\n"),
        ("decode [Post] --at x", "error: expected an object at the top level to look up 'x', found an array\n"),
        ("model Pst", "error: no model named 'Pst'; `models` lists them\n"),
    ])
    func mistakesGetOneLine(input: String, expected: String) async {
        let (session, console) = session()
        #expect(await session.evaluate("struct Post: Codable { let id: Int; let title: String }"))
        #expect(await session.evaluate(#"json [{"id": 1, "title": "a"}, {"id": 2}]"#))
        #expect(await session.evaluate("let first = decode Post --at [0]"))
        console.clearCaptured()
        #expect(await session.evaluate(input) == false)
        #expect(console.capturedText.hasPrefix(expected))
    }

    @Test(arguments: [#"{"id": 1, "title": "a""#, #"{"id": 01, "title": "a"}"#, #"{"id": 1, "title": "a", "note": 01}"#])
    func aDocumentThatIsNotValidJSONStaysTheBodyAndDecodesAsJSONDecoderDecodesIt(document: String) async {
        struct Post: Codable { let id: Int; let title: String }
        let expected: String
        do {
            expected = String(describing: try JSONDecoder().decode(Post.self, from: Data(document.utf8)))
        } catch {
            expected = "error: \(error)"
        }
        let (session, console) = session()
        #expect(await session.evaluate("struct Post: Codable { let id: Int; let title: String }"))
        console.clearCaptured()
        #expect(await session.evaluate("json \(document)"))
        let warned = console.capturedText
        #expect(warned.hasPrefix("warning: not valid JSON (line 1, column ") && warned.contains("kept as the current body"),
                "\(warned)")
        console.clearCaptured()
        _ = await session.evaluate("decode Post")
        let decoded = console.capturedText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(decoded == expected)
        #expect(await session.evaluate("infer Other") == false)
    }

    /// Issue 36: `infer User` over a declared `User` says so; a model using the earlier one's
    /// nested type keeps it from being replaced.
    @Test func inferSaysWhichModelItReplaced() async {
        let (session, console) = session()
        #expect(await session.evaluate("struct User: Codable { let id: Int; let name: String; let email: String }"))
        #expect(await session.evaluate("struct Team: Codable { let members: [User] }"))
        #expect(await session.evaluate(#"json [{"id": 1, "name": "Ada"}]"#))
        console.clearCaptured()
        #expect(await session.evaluate("infer User"))
        let lines = console.capturedText.split(separator: "\n").map(String.init)
        #expect(lines.suffix(2) == ["replaced the earlier User (3 properties) with the inferred one", "defined User; try `decode [User]`"])
        #expect(session.models.registry.declaration(named: "User")?.properties.map(\.name) == ["id", "name"])
        console.clearCaptured()
        #expect(await session.evaluate("infer Fresh"))
        #expect(!console.capturedText.contains("replaced"))

        #expect(await session.evaluate(#"json {"id": 1, "geo": {"lat": "1"}}"#))
        #expect(await session.evaluate("infer Place"))
        #expect(await session.evaluate("struct Visit: Codable { let at: Place.Geo }"))
        #expect(await session.evaluate(#"json {"id": 2}"#))
        console.clearCaptured()
        #expect(await session.evaluate("infer Place") == false)
        #expect(console.capturedText == "error: not inferred: Visit uses Place.Geo, which the inferred Place would not have "
            + "— infer it under another name (`infer Place2`), or declare Visit again without it\n")
        #expect(session.models.registry.declaration(named: "Place.Geo") != nil)
    }

    @Test func modelsModelAndInferPrintSwiftSource() async {
        let (session, console) = session()
        #expect(await session.evaluate(#"json {"users": [{"id": 1, "first_name": "Ada", "nick": null}]}"#))
        #expect(await session.evaluate("infer Root --keys snake"))
        #expect(await session.evaluate("decode Root --keys snake"))
        #expect(await session.evaluate("models"))
        #expect(await session.evaluate("model Root.User"))
        #expect(console.capturedText == """
            current body: an object with 1 member (57 bytes)
            struct Root: Codable {
                let users: [User]

                struct User: Codable {
                    let id: Int
                    let firstName: String
                    let nick: String?
                }
            }
            defined Root; try `decode Root --keys snake`
            Root
            Root(users: [main.Root.User(id: 1, firstName: "Ada", nick: nil)])
            struct Root: Codable · 1 property
              struct User: Codable · 3 properties
            struct User: Codable {
                let id: Int
                let firstName: String
                let nick: String?
            }

            """)
    }

    @Test func bindingsCopyValuesAndExplainWhatTheyCannotDo() async {
        let (session, console) = session()
        #expect(await session.evaluate(#"json {"title": "Pilot", "tags": ["a", "b"]}"#))
        #expect(await session.evaluate("struct Show: Codable { let title: String; let tags: [String] }"))
        #expect(await session.evaluate("let show = decode Show"))
        #expect(await session.evaluate("let tags = show.tags"))
        #expect(await session.evaluate("tags[1]"))
        #expect(await session.evaluate("let n = 5"))
        #expect(await session.evaluate("missing") == false)
        #expect(console.capturedText.hasSuffix("""
            tags: [String]
            ["a", "b"]
            tags[1]: String
            b
            n: Int
            5
            error: unknown command 'missing' ('help' lists commands)

            """))
    }

    @Test func loadReadsDeclarationsFromAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("models-\(UUID().uuidString).swift")
        try "import Foundation\n\nenum Kind: String, Codable { case free, paid }\nstruct Item: Codable { let kind: Kind }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (session, console) = session()
        #expect(await session.evaluate("load \(file.path)"))
        #expect(console.capturedText == "defined Kind (2 cases)\ndefined Item (1 property)\n")
        #expect(await session.evaluate("load /no/such/file.swift") == false)
    }

    @Test func aTerminalCutsLongValuesAndAllShowsEverything() async {
        let (session, console) = session(terminal: true)
        let numbers = (1...2_000).map(String.init).joined(separator: ",")
        #expect(await session.evaluate("json [\(numbers)]"))
        console.clearCaptured()
        #expect(await session.evaluate("decode [Int]"))
        let cut = console.capturedText
        #expect(cut.contains("more]\n"))
        #expect(cut.contains("(cut on a terminal: add --all, or pipe the output, to see everything)"))
        console.clearCaptured()
        #expect(await session.evaluate("decode [Int] --all"))
        #expect(console.capturedText.hasSuffix(", 2000]\n"))
        #expect(await session.evaluate("let numbers = decode [Int]"))
        console.clearCaptured()
        #expect(await session.evaluate("numbers --all"))
        #expect(console.capturedText.hasPrefix("numbers: [Int]\n[1, 2, "))
        #expect(console.capturedText.hasSuffix(", 2000]\n"))
    }
}
