import Foundation
@testable import REPL
import Testing
import WorkbenchKit

/// Input lines `make fuzz` found (Fuzzing/Corpus/commands keeps them too): each once trapped.
@MainActor
@Suite struct FuzzFindingTests {
    /// A control character in Swift at the prompt made swift-syntax's diagnostics trap; now one error line.
    @Test func controlCharacterInSwiftIsOneErrorLine() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await !session.evaluate("let n \u{1}= 3"))
        #expect(console.capturedText.hasPrefix("error: "))
        #expect(console.capturedText.contains("1:7: unprintable ASCII character U+0001 found in source"))
        #expect(console.capturedText.split(separator: "\n").count == 1)
        #expect(await session.evaluate("help quit"))
    }

    /// Many unclosed `[` in Swift at the prompt once froze it in swift-syntax's parser; now one line.
    @Test func manyUnclosedBracketsAreOneErrorLine() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await !session.evaluate("let x: D" + String(repeating: "[", count: 28) + "ouble = 1"))
        #expect(console.capturedText == "error: 1:9: '[' nested more than 16 deep: too deep to parse\n")
        #expect(await session.evaluate("help quit"))
    }

    /// A line nested deeper than the stack can walk (`try try …`, `a.a.a…`) ended the REPL with
    /// SIGSEGV, in the parser or after it; now one line, and the session goes on.
    @Test(arguments: [String(repeating: "try ", count: 5_000) + "f()", "let y = a" + String(repeating: ".a", count: 5_000)])
    func aLineNestedTooDeepIsOneErrorLine(_ line: String) async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await !session.evaluate(line))
        #expect(console.capturedText.hasPrefix("error: 1:"))
        #expect(console.capturedText.hasSuffix(": nested more than 500 levels deep: too deep to read\n"))
        #expect(await session.evaluate("help quit"))
    }

    /// A `%` that starts no escape in a path's query made URLComponents trap; now it is a percent sign.
    @Test func aStrayPercentInAQueryIsAPercentSign() async {
        let console = Console(capturingWithColors: false)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("base http://127.0.0.1:9/api"))
        #expect(await session.evaluate("path /x?q=100%&r=%zz&s=%\u{FFFD}%\u{FFFD}"))
        #expect(await session.evaluate("query"))
        #expect(console.capturedText == "q=100%\nr=%zz\ns=%\u{FFFD}%\u{FFFD}\n")
    }
}
