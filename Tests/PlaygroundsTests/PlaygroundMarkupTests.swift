import Playgrounds
import Testing

@Suite struct PlaygroundMarkupTests {
    @Test func lineMarkupAndCode() {
        let source = """
            //: # Title
            //: Some *text*.
            //:
            //:Tight

            import Foundation

            // an ordinary comment
            let x = 1

            //: More prose
            print(x)
            """
        #expect(PlaygroundMarkup.blocks(in: source) == [
            .markup("# Title\nSome *text*.\n\nTight", line: 1),
            .code("import Foundation\n\n// an ordinary comment\nlet x = 1", line: 6),
            .markup("More prose", line: 11),
            .code("print(x)", line: 12),
        ])
    }

    @Test func blockMarkupKeepsRelativeIndentation() {
        let source = """
            /*: # Heading
                Indented text
                  - nested more

                ```
                code
                ```
             */
            let y = 2
            """
        #expect(PlaygroundMarkup.blocks(in: source) == [
            .markup("# Heading\nIndented text\n  - nested more\n\n```\ncode\n```", line: 1),
            .code("let y = 2", line: 9),
        ])
    }

    @Test func blockMarkupOnOneLineAndOnItsOwnLines() {
        #expect(PlaygroundMarkup.blocks(in: "/*: One line */\nlet z = 3") == [
            .markup("One line", line: 1),
            .code("let z = 3", line: 2),
        ])
        #expect(PlaygroundMarkup.blocks(in: "let a = 1\n/*:\n  Hello\n*/\nlet b = 2") == [
            .code("let a = 1", line: 1),
            .markup("Hello", line: 2),
            .code("let b = 2", line: 5),
        ])
        // What follows `*/` on its line is code, as written.
        #expect(PlaygroundMarkup.blocks(in: "/*: Note */ let q = 1") == [.markup("Note", line: 1), .code(" let q = 1", line: 1)])
    }

    @Test func unclosedBlockMarkupRunsToTheEnd() {
        #expect(PlaygroundMarkup.blocks(in: "let a = 1\n/*: Start\nmore") == [
            .code("let a = 1", line: 1),
            .markup("Start\nmore", line: 2),
        ])
    }

    @Test func hiddenCodeAndMarkersDropped() {
        let source = """
            //#-hidden-code
            import PlaygroundSupport
            let secret = 42
              //#-end-hidden-code\t
            //: Visible prose
            //#-code-completion(everything, hide)
            //#-editable-code
            let guess = 1
            //#-end-editable-code
            //#-copy-source(id)
            """
        #expect(PlaygroundMarkup.blocks(in: source) == [
            .hidden("import PlaygroundSupport\nlet secret = 42", line: 2),
            .markup("Visible prose", line: 5),
            .code("let guess = 1", line: 8),
        ])
    }

    @Test func blankCodeOmitted() {
        #expect(PlaygroundMarkup.blocks(in: "\n\n//: a\n\n\n") == [.markup("a", line: 3)])
        #expect(PlaygroundMarkup.blocks(in: "").isEmpty)
    }

    @Test func windowsLineEndings() {
        #expect(PlaygroundMarkup.blocks(in: "//: Hi\r\nlet x = 1\r\n") == [
            .markup("Hi", line: 1),
            .code("let x = 1", line: 2),
        ])
    }

    @Test func renderedPage() {
        let source = "//: ## Step\n//: Run [the next](@next).\nlet x = 1"
        guard case .markup(let markup, _) = PlaygroundMarkup.blocks(in: source).first else {
            Issue.record("no markup block")
            return
        }
        #expect(MarkupRenderer(width: 40, styled: false).render(markup) == ["Step", "────", "", "Run the next →."])
    }
}
