@testable import REPL
import Testing

/// Where a revised session runs again from: the first step whose items' tokens differ.
@Suite struct StepRevisionTests {
    static let steps = ["let a = 1", "let b = a + 1", "var total = 0\nfor i in 1...3 { total += i }", "print(total)"]

    @Test(arguments: [
        // A change in one step: that step and the ones after it.
        ("let a = 1\nlet b = a + 2\nvar total = 0\nfor i in 1...3 { total += i }\nprint(total)",
         1, ["let b = a + 2", "var total = 0", "for i in 1...3 { total += i }", "print(total)"]),
        // A change in the second item of a two-item step: the whole step runs again.
        ("let a = 1\nlet b = a + 1\nvar total = 0\nfor i in 1...4 { total += i }\nprint(total)",
         2, ["var total = 0", "for i in 1...4 { total += i }", "print(total)"]),
        // A step added at the end: only it.
        ("let a = 1\nlet b = a + 1\nvar total = 0\nfor i in 1...3 { total += i }\nprint(total)\nprint(b)", 4, ["print(b)"]),
        // The last step removed: nothing runs, the steps from it are dropped.
        ("let a = 1\nlet b = a + 1\nvar total = 0\nfor i in 1...3 { total += i }", 3, []),
    ])
    func aRevisionRunsFromItsFirstChangedStep(revised: String, fromStep: Int, items: [String]) throws {
        let rerun = try #require(StepRevision(steps: Self.steps, revised: revised).rerun)
        #expect(rerun.fromStep == fromStep)
        #expect(rerun.items == items)
    }

    @Test func whiteSpaceAndCommentsChangeNothing() {
        let revised = "// the session\nlet a  =  1\nlet b = a + 1 // one more\nvar total = 0\n\nfor i in 1...3 {\n  total += i\n}\nprint(total)\n"
        #expect(StepRevision(steps: Self.steps, revised: revised).rerun == nil)
    }
}
