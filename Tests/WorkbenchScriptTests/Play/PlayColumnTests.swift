import LineResults
import Testing
@testable import WorkbenchScript

/// What `play`'s column says for a statement, from what the prompt printed for it, and which
/// statements run compiled as a playground for theirs instead.
@Suite struct PlayColumnTests {
    static func item(_ source: String) -> SwiftItem {
        SwiftFile(parsing: source).items[0]
    }

    @Test(arguments: [
        // A binding: its name and the value under its `name: Type` line, styled or not.
        ("let factor = 2", "\u{1B}[2mfactor: Int\u{1B}[0m\n2\n", "factor = 2"),
        // A value of several lines is one line; the terminal's cut note is left out.
        ("let p = P(id: 1)", "p: P\nP(\n  id: 1\n)\n(cut on a terminal: add --all, or pipe the output, to see everything)\n", "p = P( id: 1 )"),
        // A print: what it printed, its lines joined as the column joins them.
        ("print(\"total\", total)", "total 55\n", "total 55"),
        ("print(\"a\\nb\")", "a\nb\n", "a ⏎ b"),
        // Anything else: its first line, and `…` when it printed more.
        ("try await wb.get(\"sandbox/jsonplaceholder/posts/1\")", "HTTP 200 OK · application/json · 292 B\n{\n  \"id\": 1\n}\n",
         "HTTP 200 OK · application/json · 292 B …"),
        ("struct P: Codable { let id: Int }", "defined P (1 property)\n", "defined P (1 property)"),
    ])
    func aStatementsColumnIsWhatThePromptPrintedForIt(source: String, output: String, shown: String) {
        let results = PlayColumn.results(ofOutput: output, for: Self.item(source))
        #expect(results.map(\.line) == [1])
        #expect(ResultsColumn(results).entries[1]?.description == shown)
    }

    @Test func aStatementThatPrintedNothingHasNoColumn() {
        #expect(PlayColumn.results(ofOutput: "", for: Self.item("var total = 0; total += 1")).isEmpty)
        #expect(PlayColumn.results(ofOutput: "\n\n", for: Self.item("let a: Int")).isEmpty)
    }

    @Test func aNumberIsDrawnAsOne() {
        #expect(PlayColumn.results(ofOutput: "r: Int\n42\n", for: Self.item("let r = 42")).first?.isNumber == true)
        #expect(PlayColumn.results(ofOutput: "s: String\nforty\n", for: Self.item("let s = \"forty\"")).first?.isNumber == false)
    }

    @Test(arguments: [
        ("for i in 1...5 { let sq = i * i }", true),
        ("let total = posts\n    .map(\\.id)\n    .reduce(0, +)", true),
        ("let squares = (1...3).map { n in\n    n * n\n}", true),
        ("let factor = 2", false),
        // Declarations keep their path (a model the interpreter declares is one decode can use).
        ("struct Post: Codable {\n    let id: Int\n}", false),
        ("func sum(_ a: [Int]) -> Int {\n    var t = 0\n    for x in a { t += x }\n    return t\n}", false),
        ("#Playground {\n    print(1)\n}", false),
    ])
    func loopsAndBindingsOfSeveralLinesRunWithTheTransform(source: String, transformed: Bool) {
        #expect(PlayColumn.runsWithResults(Self.item(source)) == transformed)
    }
}
