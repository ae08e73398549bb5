import Foundation
import LineResults
import WorkbenchKit
import WorkbenchScript

/// What a run of `play` did, for the screen drawn after it.
struct PlayOutcome {
    /// The file as it was read; nil when it could not be read.
    var text: String?
    /// The status line (`ran lines 9–12 · 0.24 s · saved 12:03:07`) and its style.
    var status: String
    var style: TextStyle
    /// The column: the values of the lines that ran, in this run or an earlier one, at the file's lines.
    var results: [LineResult] = []
    /// What lines below a failure had in an earlier run, shown as stale until a run reaches them.
    var stale: [LineResult] = []
    /// The lines this run ran, and the line where it stopped (a syntax error's, a failure's).
    var ran: ClosedRange<Int>?
    var failedLine: Int?
    /// The file was saved again before the run had an effect: nothing ran, nothing was said.
    var dropped = false

    init(text: String? = nil, status: String, style: TextStyle) {
        self.text = text
        self.status = status
        self.style = style
    }

    static let dropped = { var outcome = PlayOutcome(status: "", style: .dim); outcome.dropped = true; return outcome }()
}

/// `play` at a terminal, after each run: a title, the file with its results column beside it
/// (the lines the run ran marked `▶`, the line it stopped at `✗`), the run's output under it and
/// the status line last, fitted to the terminal. A file taller than the screen is shown from a
/// little above the line a run stopped at, else the first line that ran.
struct PlayScreen {
    let title: String
    let width: Int
    let height: Int

    func rows(_ outcome: PlayOutcome, output: String, console: Console) -> [String] {
        let text = outcome.text ?? ""
        var lineCount = text.count { $0 == "\n" } + 1
        if text.hasSuffix("\n") { lineCount -= 1 }
        let staleLines = Set(outcome.stale.map(\.line)).subtracting(outcome.results.map(\.line))
        let column = ResultsColumn(outcome.results + outcome.stale.filter { staleLines.contains($0.line) })
        let layout = ResultsLayout(source: text, width: width - 2, shownLines: 1...max(lineCount, 1))
        let fileRows: [(line: Int, text: String)] = lineCount < 1 ? [] : layout.rows(1...lineCount, column: column, console: console, stale: staleLines).map { row in
            let mark = row.line == outcome.failedLine ? console.styled("✗ ", .red)
                : outcome.ran?.contains(row.line) == true ? console.styled("▶ ", .cyan) : "  "
            return (line: row.line, text: mark + row.text)
        }
        var outputLines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = outputLines.last, last.isEmpty || last.withoutTerminalEscapes == outcome.status { outputLines.removeLast() }

        let available = max(height - 2, 1)
        let outputRoom = outputLines.isEmpty ? 0 : min(outputLines.count + 1, max(available - fileRows.count, available / 3, 2), available)
        let fileRoom = available - outputRoom
        let focus = outcome.failedLine ?? outcome.ran?.lowerBound ?? 1
        let focusRow = fileRows.firstIndex { $0.line == focus } ?? 0
        let start = max(0, min(focusRow - 2, fileRows.count - fileRoom))
        var rows = [console.styled(cut("\(title) · q or Ctrl-C leaves"), .dim)]
        rows += fileRows.dropFirst(start).prefix(fileRoom).map(\.text)
        if outputRoom > 0 {
            rows.append(console.styled(cut("── output " + String(repeating: "─", count: max(width - 10, 0))), .dim))
            rows += outputLines.suffix(outputRoom - 1).map { $0.withoutTerminalEscapes.count > width ? cut($0.withoutTerminalEscapes) : $0 }
        }
        rows.append(console.styled(cut(outcome.status), outcome.style))
        return rows
    }

    private func cut(_ text: String) -> String {
        ResultsLayout.cut(text, to: width)
    }
}

/// The terminal's alternate screen while `play` runs at one: each run's output shows as it comes,
/// then the screen is drawn again with the file and its column (PlayScreen). Leaving restores
/// the screen the session was on, as `less` does.
@MainActor
final class PlayDisplay {
    private let console: Console
    private let title: String
    private let held: HeldOutput
    private var capture: Console?
    private var shown: PlayOutcome?
    private var output = ""
    /// The first bytes of a character whose rest is still to come.
    private var partCharacter: [UInt8] = []
    private var size = (width: 0, height: 0)

    init(console: Console, title: String, held: HeldOutput) {
        self.console = console
        self.title = title
        self.held = held
        held.start()
        console.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        console.flush()
    }

    /// Before a run: its output is kept for the screen drawn after it.
    func runStarts() {
        // A run that was dropped (the file saved again before it had an effect) ended without
        // `runEnded`: its copy, which holds nothing, ends here.
        if let capture { _ = console.endCopy(capture) }
        showHeldOutput()
        console.write("\u{1B}[H\u{1B}[2J")
        capture = console.startCopy()
    }

    /// After a run: the screen is drawn with what it did. A run that could not read the file keeps
    /// the file and column shown before.
    func runEnded(_ outcome: PlayOutcome) {
        if let capture {
            output = console.endCopy(capture)
            // The status line is the screen's last row: not also in the output a timer's ticks follow.
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            while let last = lines.last, last.isEmpty || String(last).withoutTerminalEscapes == outcome.status { lines.removeLast() }
            output = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        }
        capture = nil
        var drawn = outcome
        if outcome.text == nil, let shown {
            drawn = shown
            drawn.status = outcome.status
            drawn.style = outcome.style
        }
        shown = drawn
        draw()
    }

    /// Draws the screen again when the terminal's size changed.
    func redrawIfResized() {
        if shown != nil, size != Self.terminalSize() { draw() }
    }

    /// Output printed since the last look by work the file left running joins the run's output
    /// under the file (the last lines of it, as many as fit), and the screen is drawn again.
    func showHeldOutput() {
        let bytes = partCharacter + held.take()
        let whole = HeldOutput.wholeCharacters(bytes)
        partCharacter = Array(bytes[whole...])
        guard whole > 0 else { return }
        output += String(decoding: bytes[..<whole], as: UTF8.self)
        // Only the last lines are ever shown: a ticking timer's output is not kept without end.
        if output.utf8.count > 1 << 16 { output = String(output.suffix(1 << 15)) }
        draw()
    }

    /// Back to the session's screen, where output printed from now on goes again.
    func leave() {
        console.write("\u{1B}[?25h\u{1B}[?1049l")
        console.flush()
        held.stop { [console, partCharacter] bytes in
            console.write(bytes: partCharacter + bytes)
            console.flush()
        }
    }

    private func draw() {
        guard let shown else { return }
        size = Self.terminalSize()
        let screen = PlayScreen(title: title, width: size.width, height: size.height)
        console.write("\u{1B}[H\u{1B}[2J" + screen.rows(shown, output: output, console: console).joined(separator: "\n"))
        console.flush()
    }

    private static func terminalSize() -> (width: Int, height: Int) {
        (TerminalWidth.current(), TerminalWidth.rows())
    }
}
