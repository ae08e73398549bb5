@testable import REPL
import Testing
import WorkbenchKit

/// What the exports keep of each input: inputs whose steps `edit` cut go, output is kept within
/// its limits, and a replayed notebook is compared without what differs from run to run.
struct ShownInputsTests {
    static func input(_ typed: String, steps: ClosedRange<Int>, output: String = "") -> ShownInputs.Input {
        ShownInputs.Input(typed: typed, isSwift: true, output: output, cut: false, stepsBefore: steps.lowerBound, stepsAfter: steps.upperBound)
    }

    @Test func anInputWhoseStepsAreCutGoesAndASetUpInputBeforeThemStays() {
        var shown = ShownInputs()
        shown.record(Self.input("get /posts", steps: 0...1))
        shown.record(Self.input("set offline on", steps: 1...1))
        shown.record(Self.input("let a = 1; let b = 2", steps: 1...3))
        shown.record(Self.input("print(a)", steps: 3...4))
        shown.keepFirstSteps(2)
        #expect(shown.inputs.map(\.typed) == ["get /posts", "set offline on"])
    }

    @Test func pastTheirTotalLimitTheOldestOutputsAreLetGo() {
        var shown = ShownInputs()
        let big = String(repeating: "x", count: ShownInputs.totalLimit / 2 + 1)
        for index in 0..<3 { shown.record(Self.input("print(\(index))", steps: index...(index + 1), output: big)) }
        #expect(shown.inputs.map(\.output.isEmpty) == [true, true, false])
        #expect(shown.inputs.map(\.cut) == [true, true, false])
    }

    @Test func aRedrawnLineKeepsItsLastDrawingAndStylesGo() {
        #expect(ShownInputs.shown("\r⠋ 306 ms\u{1B}[K\r⠙ 386 ms\u{1B}[K\r\u{1B}[2KHTTP 200 OK\nbody\n", cut: false) == "HTTP 200 OK\nbody\n")
        #expect(ShownInputs.shown("a\nb\nhalf", cut: true) == "a\nb\n")
    }

    @Test func aCopyCutAtItsLimitDoesNotSplitACharacter() {
        let console = Console(capturingWithColors: false)
        let copy = console.startCopy(limit: 5)
        console.write("abcdé€")
        #expect(console.endCopy(copy) == "abcd")
        #expect(copy.copyWasCut)
    }

    @Test func aReplayComparesWithoutDurationsOrTheSandboxsPort() {
        #expect(NotebookReplay.comparable("HTTP 200 OK · application/json · 2 B · <1 ms\n\"Host\": \"127.0.0.1:41371\"\n")
                == NotebookReplay.comparable("HTTP 200 OK · application/json · 2 B · 13 ms\n\"Host\": \"127.0.0.1:39001\"\n"))
        #expect(NotebookReplay.comparable("200 OK · 1.2 s · offline") == "200 OK · N ms · offline")
    }
}
