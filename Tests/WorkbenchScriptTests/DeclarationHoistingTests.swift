import Testing
@testable import WorkbenchScript

/// Which declarations further down a page a statement needs before it runs (`replay --step`).
@Suite struct DeclarationHoistingTests {
    @Test func aStatementGetsTheDeclarationsBelowItThatItNeedsAndWhatTheyNeed() throws {
        let script = try SnippetScript(source: """
            let a = parse("1")
            print(2 ** 3)
            let w = Wind()
            func parse(_ text: String) -> Int { number(text) }
            func number(_ text: String) -> Int { Int(text)! }
            func unused() -> Int { later }
            struct Wind {}
            extension Wind: CustomStringConvertible { var description: String { "w" } }
            infix operator **
            func ** (a: Int, b: Int) -> Int { a * b }
            let later = 1
            """, fileName: "Page.swift", moduleName: "main")
        var hoisting = DeclarationHoisting(script.steps)
        #expect(hoisting.needed(by: 0) == [3, 4])
        #expect(hoisting.wasHoisted(3) && hoisting.wasHoisted(4) && !hoisting.wasHoisted(5))
        #expect(hoisting.needed(by: 1) == [8, 9])
        #expect(hoisting.needed(by: 2) == [6, 7])
        // What no statement above needs is declared where it stands: `unused` reads `later`, which
        // would not be bound yet at the top.
        #expect(hoisting.needed(by: 5) == [])
        #expect(!hoisting.wasHoisted(5))
    }
}
