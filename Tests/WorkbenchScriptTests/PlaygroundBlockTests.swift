import Testing
@testable import WorkbenchScript

/// A file's `#Playground` blocks found and written as the calls that run them, on the lines they
/// were on (what they print compiled is Tests/EndToEndTests/PlaygroundBlockTests.swift's).
@Suite struct PlaygroundBlockTests {
    static let source = """
        import Playgrounds

        struct Point { let x: Int }
        #Playground {
            print(Point(x: 1))
        }
        #Playground("Awaits") {
            try await Task.sleep(for: .milliseconds(1))
        }
        #Playground(
            "Split"
        ) { () async throws in print(2) }
        let after = 3
        #Playground("a", body: { print(4) })
        """

    @Test func blocksAreNumberedInTheFilesOrderAndNamedByTheirString() throws {
        let script = try SnippetScript(source: Self.source, fileName: "Blocks.swift")
        let blocks = PlaygroundBlock.blocks(in: script)
        #expect(blocks.map(\.title) == ["1", "Awaits", "Split"])
        #expect(blocks.map(\.name) == [nil, "Awaits", "Split"])
        #expect(blocks.map(\.line) == [4, 7, 10])
        #expect(blocks[1].source == "#Playground(\"Awaits\") {\n    try await Task.sleep(for: .milliseconds(1))\n}")
    }

    /// The body is left as written after the call, and every line stays where it was, so compile
    /// errors and the results column keep the file's lines. A block with its body as an argument is
    /// not one this form takes: the compiler says there is no such macro.
    @Test func aFileRunWholeCallsEachBlockInItsPlaceAndEndsTheFile() throws {
        let script = try SnippetScript(source: Self.source, fileName: "Blocks.swift")
        let program = try #require(PlaygroundBlock.programText(script.text, items: script.steps.map(\.item)))
        let lines = program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let original = Self.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == original.count + 2)
        #expect(lines[3] == "try await WorkbenchKit.PlaygroundMacro.runInFile(1, of: 3, name: nil) {")
        #expect(lines[4] == original[4])
        #expect(lines[6] == "try await WorkbenchKit.PlaygroundMacro.runInFile(2, of: 3, name: \"Awaits\") {")
        #expect(Array(lines[9...11]) == ["try await WorkbenchKit.PlaygroundMacro.runInFile(3, of: 3, name: \"Split\"", "", ") { () async throws in print(2) }"])
        #expect(lines[12...13] == original[12...13])
        #expect(lines.suffix(2) == ["try await WorkbenchKit.PlaygroundMacro.endOfFile()", ""])
        #expect(PlaygroundBlock.programText("let a = 1\nprint(a)\n", items: try SnippetScript(source: "let a = 1\nprint(a)\n", fileName: "a.swift").steps.map(\.item)) == nil)
    }

    @Test func aBlockRunAloneIsNumberedAmongTheStatementsAroundIt() throws {
        let script = try SnippetScript(source: Self.source, fileName: "Blocks.swift")
        let forms = script.steps.compactMap { PlaygroundBlock.aloneForm(of: $0.item) }
        #expect(forms.count == 3)
        #expect(forms[1] == "try await WorkbenchKit.PlaygroundMacro.runAlone(2, of: 3, name: \"Awaits\") {\n    try await Task.sleep(for: .milliseconds(1))\n}")
        #expect(SnippetRunner.snippetForm(of: script.steps[2].item) == "try await WorkbenchKit.PlaygroundMacro.runAlone(1, of: 3, name: nil) {\n    print(Point(x: 1))\n}")
        // `import Playgrounds` is WorkbenchKit's business, as `import PlaygroundSupport` is.
        #expect(SessionImport(script.steps[0].item) == .playgroundSupport)
    }
}
