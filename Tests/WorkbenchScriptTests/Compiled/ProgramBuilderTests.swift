import Testing
@testable import WorkbenchScript

/// The program generated for a compiled input, without running it: what is renamed, dropped,
/// wrapped, and where a position in it came from.
@Suite struct ProgramBuilderTests {
    func lines(_ program: CompiledProgram) -> [String] {
        program.text.split(separator: "\n").map(String.init)
    }

    @Test func aRedeclaredBindingIsRenamedWhereTheOldOneIsMeant() {
        let program = ProgramBuilder.program(
            steps: ["let posts = [1, 2]", "let n = posts.count\nfunc f(posts: Int) -> Int { posts }", "struct T { var posts = 0 }; let t = T().posts; let k = \\T.posts"],
            input: "let posts = posts.map { $0 + n }")
        let text = lines(program)
        #expect(text.contains("let __wb_posts_1 = [1, 2]"))
        #expect(text.contains("let n = __wb_posts_1.count"))
        #expect(text.contains("func f(posts __wb_posts_1: Int) -> Int { __wb_posts_1 }"))
        #expect(text.contains("struct T { var posts = 0 }"))
        #expect(text.contains("let t = T().posts"))
        #expect(text.contains("let k = \\T.posts"))
        #expect(text.contains("let posts = __wb_posts_1.map { $0 + n }"))
        #expect(text.contains("WorkbenchKit.PromptRuntime.show(posts, source: \"posts\")"))
    }

    @Test func aRedeclaredTypeKeepsOnlyItsLatestDeclaration() {
        let program = ProgramBuilder.program(
            steps: ["struct S { let a: Int }", "extension S { var twice: Int { 2 } }", "func g(_ x: Int) -> Int { x }"],
            input: "struct S { let b: Int }\nfunc g(_ x: Int) -> Int { x + 1 }")
        let text = program.text
        #expect(!text.contains("let a: Int") && text.contains("let b: Int"))
        #expect(text.contains("extension S { var twice: Int { 2 } }"))
        #expect(!text.contains("{ x }") && text.contains("{ x + 1 }"))
    }

    @Test func expressionsAreShownAndThrowingStatementsReportTheirError() {
        let program = ProgramBuilder.program(
            steps: ["posts.count", "try wb.base(\"sandbox/jsonplaceholder\")"],
            input: "posts.map {\n  $0.title\n}\nlet decoded = try wb.decode([Post].self)\nfor id in [1] { try await wb.get(\"/posts/\\(id)\") }\nwb.query(\"a\", \"1\")\nn += 1")
        let text = program.text
        #expect(text.contains("WorkbenchKit.PromptRuntime.step(1)\nposts.count\n"))
        #expect(text.contains("do { try wb.base(\"sandbox/jsonplaceholder\") } catch { WorkbenchKit.PromptRuntime.exit(after: error) }"))
        #expect(text.contains("WorkbenchKit.PromptRuntime.show(__wb_value, source: \"posts.map { $0.title }\")"))
        #expect(text.contains("let decoded = WorkbenchKit.PromptRuntime.orExit { try wb.decode([Post].self) }\n"))
        #expect(!text.contains("show(decoded"))
        #expect(text.contains("do { for id in [1] { try await wb.get(\"/posts/\\(id)\") } } catch {"))
        #expect(text.contains("\nwb.query(\"a\", \"1\")\n") && text.contains("\nn += 1\n"))
    }

    @Test func aPositionInTheProgramMapsToWhereTheUserTypedIt() throws {
        let program = ProgramBuilder.program(steps: ["let posts = [1]"], input: "let a = 1; let b = posts.nope\nlet c = posts.map { $0 }.zz")
        let text = lines(program)
        for (needle, expected) in [("posts.nope", (1, 20)), ("zz", (2, 26))] {
            let row = try #require(text.firstIndex { $0.contains(needle) })
            let column = try #require(text[row].range(of: needle)).lowerBound.utf16Offset(in: text[row]) + 1
            let origin = try #require(program.source.origin(line: row + 1, column: column))
            #expect(origin.unit == 1)
            let location = program.units[1].location(of: origin.offset)
            #expect(location.line == expected.0 && location.column == expected.1)
        }
    }

    @Test func stringLiteralsEscapeWhatSwiftWouldRead() {
        #expect(ProgramBuilder.literal(#"a "b" \(c)"#) == #""a \"b\" \\(c)""#)
        #expect(ProgramBuilder.literal("tab\there\n") == #""tab\there\n""#)
    }
}
