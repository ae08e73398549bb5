@testable import REPL
import Testing
import WorkbenchKit

/// Where a failed `\(…)` of a command is: in the part of the input its statements were read from,
/// found by lexing as Swift does.
@MainActor
@Suite struct InterpolationSiteTests {
    /// The line and column (from 1) of `expression`'s `\(` in `input`, looked for in the arguments
    /// of the command `input` invokes.
    func place(of expression: String, in input: String) -> (line: Int, column: Int)? {
        let session = Session(console: Console(capturingWithColors: false), isInteractive: false)
        guard let invocation = session.reading(of: input).invocation, let arguments = invocation.argumentsRange(in: input),
              let site = InterpolationSite.find(expression, in: input, within: arguments)
        else { return nil }
        let before = input[..<site.lowerBound]
        let line = before.count { $0 == "\n" } + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex, to: before.endIndex) + 1
        return (line, column)
    }

    @Test func theSameTextInsideAnotherInterpolationsLiteralIsNotTheSite() {
        let input = """
            curl http://example.com \\
              -H 'A: \\(String("\\\\(n.idd)"))' \\
              -H 'B: \\(n.idd)'
            """
        #expect(place(of: "n.idd", in: input).map { [$0.line, $0.column] } == [3, 10])
        #expect(place(of: "String(\"\\\\(n.idd)\")", in: input).map { [$0.line, $0.column] } == [2, 10])
    }

    @Test(arguments: [
        ("get /posts/\\(post.id)", 12),
        (":get /posts/\\(post.id)", 13),
        ("let p = decode Post --at \\(path)", 26),
    ])
    func theArgumentsAreFoundAfterTheCommandHoweverItIsInvoked(input: String, column: Int) {
        let expression = input.contains("post.id") ? "post.id" : "path"
        #expect(place(of: expression, in: input)?.column == column)
    }

    /// A `\(` that never closes is text, as the statement reads it: the one after it is found.
    @Test func anUnclosedInterpolationIsPassedOver() {
        #expect(place(of: "n.idd", in: #"query a='\("' b=\(n.idd)"#).map { [$0.line, $0.column] } == [1, 17])
    }
}
