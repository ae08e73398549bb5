import Testing
@testable import WorkbenchScript

/// The line a failing step's output names for a CI report: its file's line and its error.
@Suite struct StepFailureLineTests {
    @Test func aFailureLineIsTheLastLineThatIsNotAnEcho() {
        let placed = StepFailureLine(output: "» try wb.status()\nerror: broken.swift:4:3: no response yet\n", file: "broken.swift")
        #expect(placed == StepFailureLine(line: 4, message: "error: no response yet"))
        let styled = StepFailureLine(output: "\u{1B}[2m» let n = f()\u{1B}[0m\n\u{1B}[31merror:\u{1B}[0m broken.swift:9:1: boom\n",
                                     file: "broken.swift")
        #expect(styled == StepFailureLine(line: 9, message: "error: boom"))
        let trap = StepFailureLine(output: "» xs[3]\nFatal error: Index out of range\n\n", file: "broken.swift")
        #expect(trap == StepFailureLine(line: nil, message: "Fatal error: Index out of range"))
        #expect(StepFailureLine(output: "» x\n", file: "a.swift").message == "failed")
        // Another file's place is the message's own business.
        #expect(StepFailureLine(output: "error: other.swift:2:1: x", file: "a.swift").line == nil)
    }

    /// What is printed under a compile error (its line and caret, the UIKit hint) is not the error.
    @Test func aFailureLineIsTheErrorAboveItsContext() {
        let compiled = "» let y: Int = \"a\"\nerror: s.swift:3:14: cannot convert\n  let y: Int = \"a\"\n               ^\n"
        #expect(StepFailureLine(output: compiled, file: "s.swift") == StepFailureLine(line: 3, message: "error: cannot convert"))
        let hinted = "» UIView()\nerror: s.swift:4:1: cannot find 'UIView' in scope\n  UIView()\n  ^\n"
            + SessionImport.appleOnlyHint(["UIKit"]) + "\n"
        #expect(StepFailureLine(output: hinted, file: "s.swift") == StepFailureLine(line: 4, message: "error: cannot find 'UIView' in scope"))
        // A statement's own output that ends in a caret is its own business.
        #expect(StepFailureLine(output: "» f()\n   ^\n", file: "s.swift").message == "   ^")
    }
}
