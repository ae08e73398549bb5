import LineEditor
@testable import REPL
import Testing

/// Which typed text goes on to the next line, checked against the real command table.
@Suite @MainActor struct ContinuationRulesTests {
    let rules = ContinuationRules(commands: .standard)

    @Test(arguments: [
        // A JSON body continues while it is valid so far and only ends too early …
        ("body {\"a\":", InputCompleteness.incomplete),
        ("body {\"a\": [1, 2", .incomplete),
        ("body {\"a\": 1\n", .incomplete),
        ("json [\n  {\"id\": 1},", .incomplete),
        ("body {\"a\": 1\n}", .complete),
        ("body {\"a\": 1,\n\n\"b\": 2}", .complete),
        // … and stops at the first line that makes it invalid: that line starts the next input.
        ("body {\"a\":\nhelp", .completeBeforeLastLine),
        ("json {\"a\": 1\nurl", .completeBeforeLastLine),
        ("body [1,\n2\nbase sandbox/jokes", .completeBeforeLastLine),
        // Invalid on its first line, or broken where no line could mend it: it fails at once.
        ("body {\"a\" 1", .complete),
        ("body {\"a\": -", .complete),
        ("body {\"a\": \"open", .complete),
        ("body {\"a\":\n\"open", .complete),
        ("body {\"a\": 1}", .complete),
        ("body 12", .complete),
        // body's other forms are not JSON.
        ("body", .complete),
        ("body --all", .complete),
        ("body @post.json", .complete),
        ("body --form a=(", .complete),
        ("json", .complete),
        // A command's own arguments never continue.
        ("decode [", .complete),
        ("let posts = decode [", .complete),
        ("get /a(b", .complete),
        ("get \u{FFFD}\u{FFFD}( x", .complete),
        ("post /posts tags:=[1,", .complete),
        ("help (", .complete),
        ("GET /x{", .complete),
        // Swift continues while brackets and strings are open; blank lines inside are ordinary.
        ("struct Post: Codable {", .incomplete),
        ("struct Post: Codable {\n  let id: Int\n\n", .incomplete),
        ("struct Post: Codable {\n  let id: Int\n\n  let title: String\n}", .complete),
        ("let xs = [1,\n2]", .complete),
        ("nosuch {\n  a", .incomplete),
        ("print(\"a", .incomplete),
        ("body.count", .complete),
    ])
    func completeness(text: String, expected: InputCompleteness) {
        #expect(rules.completeness(of: text) == expected, "\(text.debugDescription)")
    }
}
