import Testing
import WorkbenchScript

/// What the REPL reads of parsed Swift through `SwiftFile` and `SwiftItem`, without swift-syntax.
@Suite struct SwiftFileTests {
    static let source = """
        import Foundation
        // A model.
        struct Post: Codable {
            let id: Int
        }
        let first = 1, second = 2;
        func twice(_ n: Int) -> Int { n * 2 }
        extension Post { var next: Int { id + 1 } }
        infix operator <>
        #if os(Linux)
        print("linux")
        #endif
        posts
        total += 1
        #Playground {
            print(1)
        }
        """

    @Test func eachItemSaysWhatItIsAndWhereItIs() throws {
        let file = try SwiftFile(guarded: Self.source)
        #expect(!file.hasError && file.firstError == nil)
        let items = file.items
        #expect(items.map(\.kind) == [.import, .declaration, .variable, .declaration, .declaration, .operatorDeclaration,
                                      .conditionalCompilation, .statement, .statement, .statement])
        #expect(items.map { file.firstLine(of: $0) } == [1, 3, 6, 7, 8, 9, 10, 13, 14, 15])
        #expect(file.lastLine(of: items[1]) == 5)
        #expect(items[1].text.hasPrefix("struct Post") && items[1].source.hasPrefix("\n// A model.\nstruct Post"))
        #expect(items[1].declaredName == "Post" && items[1].boundNames.isEmpty)
        #expect(items[2].boundNames == ["first", "second"] && items[2].declaredName == nil)
        #expect(items[2].text == "let first = 1, second = 2;" && items[2].declarationText == "let first = 1, second = 2")
        #expect(items[7].referencedName == "posts" && items[8].referencedName == nil)
        #expect(items.map(\.isImport) == [true] + Array(repeating: false, count: 9))
        #expect(items.map(\.isPlaygroundBlock) == Array(repeating: false, count: 9) + [true])
        #expect(!file.holdsLoop && SwiftFile(parsing: "[1].forEach { _ in for _ in 0..<2 {} }").holdsLoop)
    }

    @Test func theTokensOfTwoSpellingsOfAnItemAreTheSame() {
        let spaced = SwiftFile(parsing: "let  a =  1 // one").items[0]
        #expect(spaced.tokens == SwiftFile(parsing: "let a = 1").items[0].tokens)
        #expect(spaced.tokens != SwiftFile(parsing: "let a = 2").items[0].tokens)
    }

    @Test func aSyntaxErrorIsTheFirstOneWithItsPlace() throws {
        let file = try SwiftFile(guarded: "let a = 1\nlet b = ")
        let error = try #require(file.firstError)
        #expect(file.hasError && error.line == 2 && error.column == 9)
        #expect(throws: FirstSyntaxError.self) { try SwiftFile(guarded: String(repeating: "[", count: 10_000)) }
    }

    /// What `save` reads of an item: the name a declaration is kept under, what it makes known and
    /// mentions, and a statement's snippet form.
    @Test func saveReadsDeclarationsAndStatements() {
        let items = SwiftFile(parsing: "func f(_ x: Int) -> Int { x }\nextension Post {}\nposts.count\nprint(1)\ntotal += 1\nlet p = Post(id: 1)").items
        #expect(items[0].savedName == "f(_ x: Int) -> Int" && items[0].namesMadeKnown == ["f"])
        #expect(items[1].savedName?.hasSuffix("extension Post {}") == true && items[1].namesMadeKnown == ["Post"])
        #expect(items.map { $0.savedForm() } == ["func f(_ x: Int) -> Int { x }", "extension Post {}", "print(posts.count)", "print(1)",
                                               "total += 1", "let p = Post(id: 1)"])
        #expect(items[2].savedForm(shown: []) == "posts.count" && items[2].savedForm(shown: ["posts.count"]) == "print(posts.count)")
        #expect(items[5].mentionedNames.contains("Post") && !items[5].callsSpec)
        #expect(SwiftFile(parsing: "try await wb.spec(\"sandbox/met\")").items[0].callsSpec)
    }
}
