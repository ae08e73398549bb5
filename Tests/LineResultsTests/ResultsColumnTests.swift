@testable import LineResults
import ResultsLog
import Testing
import WorkbenchKit

/// The results file's records and the column made of them.
@Suite struct ResultsColumnTests {
    @Test func aRecordRoundTripsWhateverItsValueHolds() throws {
        let record = ResultRecord(kind: .value, startLine: 3, endLine: 4, startColumn: 5, endColumn: 9,
                                  name: "text", text: "a\tb\nc\\d\r")
        let line = record.line
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
        #expect(ResultRecord(line: line.dropLast()) == record)
        // A line cut short by a crash is left out.
        #expect(ResultRecord.all(in: line + String(line.prefix(6))) == [record])
    }

    @Test func aLineKeepsItsLastValueAndCountsItsRuns() {
        let results = [1, 3, 6].map { LineResult(kind: .value, line: 4, column: 5, name: "total", text: String($0)) }
            + [LineResult(kind: .printed, line: 6, column: 1, name: "", text: "done\n")]
        let column = ResultsColumn(results)
        #expect(column.plainLines == ["4  total = 6  (3 times)", "6  done"])
    }

    @Test func aThrowingCallsValueGivesWayToTheNameItIsBoundTo() {
        let column = ResultsColumn([
            LineResult(kind: .value, line: 2, column: 17, name: "", text: "[1, 2]"),
            LineResult(kind: .value, line: 2, column: 5, name: "numbers", text: "[1, 2]"),
            LineResult(kind: .value, line: 3, column: 20, name: "$0", text: "1"),
        ])
        #expect(column.plainLines == ["2  numbers = [1, 2]"])
    }

    /// A name assigned in several places on one line (`var total = 0; for … { total += … }`) is
    /// one series: its last value, how often it was assigned, and the values drawn.
    @Test func aNameAssignedAcrossALineShowsItsLastValueAndHistory() {
        let column = ResultsColumn(
            [LineResult(kind: .value, line: 1, column: 5, name: "total", text: "0", isNumber: true)]
                + [1, 3, 6].map { LineResult(kind: .value, line: 1, column: 36, name: "total", text: String($0), isNumber: true) })
        #expect(column.plainLines == ["1  total = 6  (4 times)  ▁▂▅█"])
    }

    /// Several names on a line keep their order; the sparkline is the first that ran as often as
    /// the line, when its values are numbers.
    @Test func eachNameOnALineKeepsItsLastValue() {
        var results: [LineResult] = []
        for i in 1...5 {
            results.append(LineResult(kind: .value, line: 2, column: 22, name: "sq", text: String(i * i), isNumber: true))
            results.append(LineResult(kind: .value, line: 2, column: 36, name: "word", text: "w\(i)"))
        }
        #expect(ResultsColumn(results).plainLines == ["2  sq = 25; word = w5  (5 times)  ▁▂▃▅█"])
        let words = results.filter { $0.name == "word" } + [LineResult(kind: .value, line: 2, column: 40, name: "n", text: "1", isNumber: true)]
        #expect(ResultsColumn(words).plainLines == ["2  word = w5; n = 1  (5 times)"])
    }

    /// Only a value of a numeric type is drawn: a `String` holding digits is text (the record says
    /// which), and an optional's description is no number.
    @Test func onlyNumbersAreDrawn() {
        let texts = ["7", "8"].map { LineResult(kind: .value, line: 1, column: 5, name: "id", text: $0) }
        #expect(ResultsColumn(texts).plainLines == ["1  id = 8  (2 times)"])
        let optionals = ["Optional(1)", "Optional(2)"].map { LineResult(kind: .value, line: 1, column: 5, name: "x", text: $0, isNumber: true) }
        #expect(ResultsColumn(optionals).plainLines == ["1  x = Optional(2)  (2 times)"])
        let record = ResultRecord(kind: .number, startLine: 1, endLine: 1, startColumn: 1, endColumn: 2, name: "n", text: "3")
        #expect(ResultRecord(line: record.line.dropLast()) == record)
    }

    @Test(arguments: [
        ([1.0, 4, 9, 16, 25], "▁▂▃▅█"),
        ([3.0, 8, 12], "▁▅█"),
        ([2.0, 1], "█▁"),
        ([5.0, 5, 5], "▁▁▁"),
        ([5.0], ""),
        ([1.0, .infinity], ""),
        ([1.0, .nan, 2], ""),
    ])
    func aSparklineScalesItsValuesFromLowestToHighest(values: [Double], expected: String) {
        #expect(Sparkline.of(values) == expected)
    }

    /// More values than it has bars: one bar per stretch, the last bar the last value.
    @Test func aLongHistoryIsDrawnInAtMostTheSparklinesWidth() {
        let totals = (0...100).map { Double($0 * ($0 + 1) / 2) }
        let line = Sparkline.of(totals)
        #expect(line.count == Sparkline.width)
        #expect(line.first == "▁" && line.last == "█")
        #expect(Sparkline.of((1...24).map(Double.init)) == "▁▂▃▃▄▄▅▆▆▇▇█")
    }

    /// At a terminal the sparkline follows the count where it leaves the value room to be read, and
    /// is left out where it does not; the count stays.
    @Test func theLayoutKeepsTheSparklineWhereItFits() {
        let column = ResultsColumn((1...5).map { LineResult(kind: .value, line: 1, column: 22, name: "sq", text: String($0 * $0), isNumber: true) })
        let source = "for i in 1...5 { let sq = i * i }"
        let console = Console(capturingWithColors: false)
        let wide = ResultsLayout(source: source, width: 100, shownLines: 1...1).render(1...1, column: column, console: console)
        #expect(wide == ["1  for i in 1...5 { let sq = i * i }  │ sq = 25  (5 times)  ▁▂▃▅█"])
        let narrow = ResultsLayout(source: source, width: 60, shownLines: 1...1).render(1...1, column: column, console: console)
        #expect(narrow.last?.hasSuffix("│ sq = 25  (5 times)") == true, "\(narrow)")
        for line in narrow { #expect(line.count <= 60) }
    }
}
