import Foundation
import WorkbenchKit

/// Lays source lines out at a terminal's width with the results column on their right: the line
/// number, the code, then the line's result, cut with `…` where the width ends (its count kept,
/// its sparkline where there is room). A line of code too long to leave room for its result gets the result on a line
/// of its own below it.
public struct ResultsLayout {
    /// The source's lines (line 1 first).
    public let source: [String]
    /// The terminal's width in characters.
    public let width: Int
    /// The lines that will be shown, for the code column's width.
    public let shownLines: ClosedRange<Int>

    public init(source: String, width: Int, shownLines: ClosedRange<Int>) {
        self.source = source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "\t", with: "    ") }
        self.width = max(width, 40)
        self.shownLines = shownLines
    }

    private var gutter: Int { String(shownLines.upperBound).count }

    /// Where the code column ends: after the longest shown line, but leaving the results at least
    /// two fifths of the width.
    private var codeWidth: Int {
        let longest = shownLines.map { code(at: $0).count }.max() ?? 0
        return min(longest, (width - gutter - 2) * 3 / 5)
    }

    /// The code of line `number` without trailing spaces.
    public func code(at number: Int) -> String {
        guard number >= 1, number <= source.count else { return "" }
        var line = source[number - 1]
        while line.last?.isWhitespace == true { line.removeLast() }
        return line
    }

    /// Lines `lines` (within `shownLines`) with `column`'s entries beside them; `console` styles them.
    public func render(_ lines: ClosedRange<Int>, column: ResultsColumn, console: Console) -> [String] {
        rows(lines, column: column, console: console).map(\.text)
    }

    /// The rows `render` draws, each with the line it belongs to (a line of code too long for its
    /// result has two). The results of the `stale` lines are dimmed and say so (`play` left them
    /// from an earlier run).
    public func rows(_ lines: ClosedRange<Int>, column: ResultsColumn, console: Console, stale: Set<Int> = []) -> [(line: Int, text: String)] {
        let codeWidth = self.codeWidth
        let resultStart = gutter + 2 + codeWidth + 2
        let resultWidth = width - resultStart - 2  // "│ " before the result
        var output: [(line: Int, text: String)] = []
        for number in lines {
            let numberText = String(repeating: " ", count: gutter - String(number).count) + String(number)
            let code = Self.cut(self.code(at: number), to: width - gutter - 2)
            let prefix = console.styled(numberText, .dim) + "  "
            guard let entry = column.entries[number] else {
                output.append((number, prefix + code))
                continue
            }
            let isStale = stale.contains(number)
            let staleSuffix = isStale ? "  (stale)" : ""
            // The value is cut, `(N times)` always shown; the sparkline only where it leaves the
            // value room to be read.
            let room = resultWidth - staleSuffix.count
            let suffix = (room - entry.suffix.count >= min(entry.text.count, Self.valueRoom) ? entry.suffix : entry.timesSuffix) + staleSuffix
            let value = Self.cut(entry.text, to: max(resultWidth - suffix.count, 1)) + suffix
            let result = console.styled("│ ", .dim) + console.styled(value, isStale ? .dim : .green)
            if code.count <= codeWidth {
                output.append((number, prefix + code + String(repeating: " ", count: codeWidth - code.count + 2) + result))
            } else {
                output.append((number, prefix + code))
                output.append((number, String(repeating: " ", count: resultStart) + result))
            }
        }
        return output
    }

    /// The characters of a value a sparkline must leave beside it.
    static let valueRoom = 12

    /// `text` cut to `width` characters, its last one `…` when it was longer.
    public static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        return String(text.prefix(width - 1)) + "…"
    }
}
