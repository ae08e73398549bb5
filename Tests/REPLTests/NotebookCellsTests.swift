@testable import REPL
import Testing

/// A notebook cell is split into inputs where the prompt would end each one.
@Suite @MainActor struct NotebookCellsTests {
    @Test func aCellIsSplitAsThePromptReadsItsLines() {
        let cell = """
            get /posts userId==1
            struct Post: Codable {
                let id: Int
            }

            json {"a":
              1}
            print(1)
            """
        #expect(NotebookCells.inputs(of: cell, commands: .standard) == [
            "get /posts userId==1", "struct Post: Codable {\n    let id: Int\n}", "json {\"a\":\n  1}", "print(1)",
        ])
    }

    @Test func aLineThatBreaksTheJSONBeforeItStartsTheNextInput() {
        #expect(NotebookCells.inputs(of: "json {\"a\": 1,\nget /posts", commands: .standard) == ["json {\"a\": 1,", "get /posts"])
    }

    @Test func anUnfinishedLastInputIsAnInputToo() {
        #expect(NotebookCells.inputs(of: "print(1)\nfor x in [1, 2] {", commands: .standard) == ["print(1)", "for x in [1, 2] {"])
    }
}
