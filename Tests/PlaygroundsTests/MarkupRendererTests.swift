import Playgrounds
import Testing

/// One construct rendered both ways: the lines unstyled and the lines with ANSI styles.
struct RenderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let markdown: String
    var width = 40
    let plain: [String]
    let styled: [String]

    var testDescription: String { name }
}

private let bold = "\u{1B}[1m", dim = "\u{1B}[2m", italic = "\u{1B}[3m"
private let underline = "\u{1B}[4m", cyan = "\u{1B}[36m", reset = "\u{1B}[0m"

let renderCases: [RenderCase] = [
    RenderCase(name: "level 1 heading", markdown: "# Hello World",
               plain: ["Hello World", "═══════════"], styled: ["\(bold)Hello World\(reset)", "═══════════"]),
    RenderCase(name: "level 2 heading", markdown: "## Two",
               plain: ["Two", "───"], styled: ["\(bold)Two\(reset)", "───"]),
    RenderCase(name: "level 3 heading", markdown: "### Three", plain: ["Three"], styled: ["\(bold)Three\(reset)"]),
    RenderCase(name: "blocks apart", markdown: "# Title\nSome text.\n\nMore.",
               plain: ["Title", "═════", "", "Some text.", "", "More."],
               styled: ["\(bold)Title\(reset)", "═════", "", "Some text.", "", "More."]),
    RenderCase(name: "wrapping", markdown: "The quick brown fox jumps over the lazy dog", width: 20,
               plain: ["The quick brown fox", "jumps over the lazy", "dog"],
               styled: ["The quick brown fox", "jumps over the lazy", "dog"]),
    RenderCase(name: "long word", markdown: "a verylongword b", width: 5,
               plain: ["a", "verylongword", "b"], styled: ["a", "verylongword", "b"]),
    RenderCase(name: "soft and hard breaks", markdown: "one\ntwo  \nthree\\\nfour",
               plain: ["one two", "three", "four"], styled: ["one two", "three", "four"]),
    RenderCase(name: "emphasis and strong", markdown: "*it* and **bold**",
               plain: ["it and bold"], styled: ["\(italic)it\(reset) and \(bold)bold\(reset)"]),
    RenderCase(name: "nested emphasis", markdown: "**bold *both***",
               plain: ["bold both"], styled: ["\(bold)bold \(reset)\(bold)\(italic)both\(reset)"]),
    // Escape sequences take no width: "two words" fills the 9 columns.
    RenderCase(name: "styled wrapping", markdown: "**two words** here", width: 9,
               plain: ["two words", "here"], styled: ["\(bold)two words\(reset)", "here"]),
    RenderCase(name: "code span", markdown: "Call `run()` now",
               plain: ["Call `run()` now"], styled: ["Call \(cyan)run()\(reset) now"]),
    RenderCase(name: "fenced code block", markdown: "```swift\nlet x = 1\n\nprint(x)\n```",
               plain: ["    let x = 1", "", "    print(x)"],
               styled: ["    \(cyan)let x = 1\(reset)", "", "    \(cyan)print(x)\(reset)"]),
    RenderCase(name: "indented code block, not wrapped", markdown: "    let long = [1, 2, 3]", width: 10,
               plain: ["    let long = [1, 2, 3]"], styled: ["    \(cyan)let long = [1, 2, 3]\(reset)"]),
    RenderCase(name: "bullet list", markdown: "- one\n- *two*",
               plain: ["• one", "• two"], styled: ["• one", "• \(italic)two\(reset)"]),
    RenderCase(name: "nested lists", markdown: "- one\n  - inner\n    - deeper\n- two",
               plain: ["• one", "  ◦ inner", "    ◦ deeper", "• two"],
               styled: ["• one", "  ◦ inner", "    ◦ deeper", "• two"]),
    RenderCase(name: "list item wrapped", markdown: "- alpha beta gamma", width: 12,
               plain: ["• alpha beta", "  gamma"], styled: ["• alpha beta", "  gamma"]),
    RenderCase(name: "loose list", markdown: "- a\n\n- b", plain: ["• a", "", "• b"], styled: ["• a", "", "• b"]),
    RenderCase(name: "ordered list from 3", markdown: "3. three\n4. four",
               plain: ["3. three", "4. four"], styled: ["3. three", "4. four"]),
    RenderCase(name: "ordered list past 9", markdown: "9. nine\n10. ten",
               plain: [" 9. nine", "10. ten"], styled: [" 9. nine", "10. ten"]),
    RenderCase(name: "ordered item wrapped", markdown: "1) alpha beta", width: 10,
               plain: ["1) alpha", "   beta"], styled: ["1) alpha", "   beta"]),
    RenderCase(name: "block quote", markdown: "> one two three\n>\n> more", width: 10,
               plain: ["│ one two", "│ three", "│", "│ more"], styled: ["│ one two", "│ three", "│", "│ more"]),
    RenderCase(name: "thematic break", markdown: "a\n\n***\n\nb", width: 20,
               plain: ["a", "", String(repeating: "─", count: 20), "", "b"],
               styled: ["a", "", String(repeating: "─", count: 20), "", "b"]),
    RenderCase(name: "thematic break at most 40", markdown: "---", width: 80,
               plain: [String(repeating: "─", count: 40)], styled: [String(repeating: "─", count: 40)]),
    RenderCase(name: "link", markdown: "See [Swift](https://swift.org).",
               plain: ["See Swift (https://swift.org)."], styled: ["See Swift \(dim)(https://swift.org)\(reset)."]),
    RenderCase(name: "anchor link", markdown: "[Top](#top)", plain: ["Top (#top)"], styled: ["Top \(dim)(#top)\(reset)"]),
    RenderCase(name: "autolink", markdown: "<https://swift.org> or <me@example.com>",
               plain: ["https://swift.org or me@example.com"], styled: ["https://swift.org or me@example.com"]),
    RenderCase(name: "next page", markdown: "[Next](@next)", plain: ["Next →"], styled: ["\(underline)Next\(reset) →"]),
    RenderCase(name: "previous page", markdown: "[Back](@previous)",
               plain: ["← Back"], styled: ["← \(underline)Back\(reset)"]),
    RenderCase(name: "named page", markdown: "[Page Two](Page%20Two)",
               plain: ["Page Two ↗"], styled: ["\(underline)Page Two\(reset) ↗"]),
    RenderCase(name: "image", markdown: "![A cat](cat.png)",
               plain: ["[image: A cat] (cat.png)"], styled: ["[image: A cat] \(dim)(cat.png)\(reset)"]),
    RenderCase(name: "HTML block", markdown: "<div>\nhi\n</div>",
               plain: ["<div>", "hi", "</div>"], styled: ["<div>", "hi", "</div>"]),
    RenderCase(name: "inline HTML", markdown: "a <b>bold</b> c", plain: ["a <b>bold</b> c"], styled: ["a <b>bold</b> c"]),
    RenderCase(name: "empty", markdown: "", plain: [], styled: []),
]

@Suite struct MarkupRendererTests {
    @Test(arguments: renderCases) func plain(_ test: RenderCase) {
        #expect(MarkupRenderer(width: test.width, styled: false).render(test.markdown) == test.plain)
    }

    @Test(arguments: renderCases) func styled(_ test: RenderCase) {
        #expect(MarkupRenderer(width: test.width, styled: true).render(test.markdown) == test.styled)
    }

    @Test func unstyledHasNoEscapes() {
        let everything = renderCases.map(\.markdown).joined(separator: "\n\n")
        let lines = MarkupRenderer(width: 30, styled: false).render(everything)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
    }

    @Test func navigationLinks() {
        let markdown = """
            [Back](@previous) | [Next](@next)

            See [Page *Two*](Page%20Two), [the web](https://swift.org), [mail](mailto:a@b.c), [Top](#top).
            """
        #expect(MarkupRenderer.navigationLinks(in: markdown) == [
            MarkupLink(text: "Back", target: .previous),
            MarkupLink(text: "Next", target: .next),
            MarkupLink(text: "Page Two", target: .page("Page Two")),
        ])
    }

    @Test func noNavigationLinks() {
        #expect(MarkupRenderer.navigationLinks(in: "Just <https://swift.org> and text.").isEmpty)
    }
}
