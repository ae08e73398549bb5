import LineResults
@testable import REPL
import Testing
import WorkbenchKit
import WorkbenchScript

/// The screen `play` draws at a terminal after each run: the file with its column, the lines that
/// ran marked, the output under it and the status line last, within the terminal's size.
@Suite struct PlayScreenTests {
    static let file = (1...12).map { "let v\($0) = \($0)" }.joined(separator: "\n") + "\n"
    static let console = Console(capturingWithColors: false)

    static func value(_ line: Int) -> LineResult {
        LineResult(kind: .value, line: line, column: 1, name: "v\(line)", text: "\(line)", isNumber: true)
    }

    @Test func theRunsLinesAreMarkedAndTheOutputAndStatusFollow() {
        var outcome = PlayOutcome(text: Self.file, status: "ran lines 9–12 · 0.20 s · saved 12:03:07", style: .dim)
        outcome.results = (1...12).map(Self.value)
        outcome.ran = 9...12
        let rows = PlayScreen(title: "lesson.swift", width: 60, height: 30)
            .rows(outcome, output: "v9: Int\n9\nran lines 9–12 · 0.20 s · saved 12:03:07\n", console: Self.console)
        #expect(rows.first == "lesson.swift · q or Ctrl-C leaves")
        #expect(rows[1] == "   1  let v1 = 1    │ v1 = 1")
        #expect(rows[9] == "▶  9  let v9 = 9    │ v9 = 9")
        // The status line the run printed is not shown twice.
        #expect(Array(rows.suffix(4)) == ["── output " + String(repeating: "─", count: 50), "v9: Int", "9", "ran lines 9–12 · 0.20 s · saved 12:03:07"])
        #expect(rows.count == 17 && rows.allSatisfy { $0.count <= 60 })
    }

    @Test func aFailureIsMarkedAndTheLinesBelowItKeepTheirEarlierValuesAsStale() {
        var outcome = PlayOutcome(text: Self.file, status: "stopped at line 5 · lines 6–12 not run (stale)", style: .yellow)
        outcome.results = (1...4).map(Self.value)
        outcome.stale = (5...12).map(Self.value)
        outcome.ran = 5...5
        outcome.failedLine = 5
        let rows = PlayScreen(title: "lesson.swift", width: 60, height: 30).rows(outcome, output: "error: 5:1: boom\n", console: Self.console)
        #expect(rows[4] == "   4  let v4 = 4    │ v4 = 4")
        // The stale values of line 5 are not shown beside the line that failed: its own are gone.
        #expect(rows[5] == "✗  5  let v5 = 5    │ v5 = 5  (stale)")
        #expect(rows[6] == "   6  let v6 = 6    │ v6 = 6  (stale)")
    }

    @Test func aFileTallerThanTheScreenIsShownFromJustAboveTheFirstLineThatRan() {
        var outcome = PlayOutcome(text: Self.file, status: "ran lines 9–12", style: .dim)
        outcome.ran = 9...12
        let output = (1...20).map { "out \($0)" }.joined(separator: "\n")
        let rows = PlayScreen(title: "t", width: 40, height: 12).rows(outcome, output: output, console: Self.console)
        #expect(rows.count == 12)
        // Ten rows between the title and the status: a third for the output (its separator and
        // last two lines), seven for the file, which end with its last line (from line 6).
        #expect(rows[1].hasPrefix("   6  let v6") && rows[7].hasPrefix("▶ 12  let v12"))
        #expect(Array(rows.suffix(3)) == ["out 19", "out 20", "ran lines 9–12"])
        #expect(rows.contains { $0.hasPrefix("▶  9") })
    }

    /// Held output is shown a whole character at a time: a read that cut one in two keeps its
    /// first bytes for the next look.
    @Test(arguments: [
        ([UInt8](), 0), ([0x61], 1), ([0x61, 0xE2, 0x96], 1), ([0xE2, 0x96, 0x81], 3), ([0xF0, 0x9F], 0), ([0x61, 0xC3], 1),
        ([0xC3, 0xA9, 0x61], 3),
    ])
    func aCharacterCutInTwoWaitsForTheRestOfIt(bytes: [UInt8], whole: Int) {
        #expect(HeldOutput.wholeCharacters(bytes) == whole)
    }

    /// A run dropped before it had an effect ends without `runEnded`: the next run's start ends
    /// its copy of the output, so no copy is left mirroring the console after play.
    @MainActor @Test func aDroppedRunLeavesNoCopyOfTheOutputBehind() {
        let console = Console(capturingWithColors: false)
        let display = PlayDisplay(console: console, title: "lesson.swift", held: HeldOutput())
        display.runStarts()
        display.runStarts()
        console.line("a is 3")
        display.runEnded(PlayOutcome(text: "let a = 3\n", status: "ran line 1 · 0.01 s", style: .dim))
        #expect(console.mirror == nil)
        display.leave()
        #expect(console.capturedText.contains("a is 3"))
    }
}
