import REPL
import Testing

@Suite struct ArgumentsTests {
    @Test(arguments: [
        ("", [String]()),
        ("a b  c", ["a", "b", "c"]),
        ("q='two words' x", ["q=two words", "x"]),
        ("\"a \\\"quoted\\\" b\"", ["a \"quoted\" b"]),
        ("'back\\slash'", ["back\\slash"]),
        ("a\\ b", ["a b"]),
        ("''", [""]),
        ("café ☕️", ["café", "☕️"]),
    ])
    func splits(raw: String, expected: [String]) throws {
        #expect(try Arguments.split(raw) == expected)
    }

    @Test func unterminatedQuoteIsAnError() {
        #expect(throws: UsageError.self) { try Arguments.split("q='open") }
        do {
            _ = try Arguments.split("q=\"open")
        } catch {
            #expect("\(error)" == "unterminated \" quote in 'q=\"open'")
        }
    }
}
