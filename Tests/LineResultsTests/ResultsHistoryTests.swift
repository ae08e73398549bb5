@testable import LineResults
import Testing

/// Every value a line of the results column had, for `results N`.
@Suite struct ResultsHistoryTests {
    @Test func eachValueALineHadIsListedInOrderAndNumbered() throws {
        let squares = (1...5).map { LineResult(kind: .value, line: 1, column: 22, name: "sq", text: String($0 * $0), isNumber: true) }
        let history = ResultsHistory(squares + [LineResult(kind: .printed, line: 3, column: 1, name: "", text: "a\nb\n")], lastLine: 3)
        #expect(history.column.plainLines == ["1  sq = 25  (5 times)  ▁▂▃▅█", "3  a ⏎ b"])
        #expect(history.valueLines(of: 1) == ["1  sq = 1", "2  sq = 4", "3  sq = 9", "4  sq = 16", "5  sq = 25"])
        #expect(history.valueLines(of: 3) == ["1  a ⏎ b"])
        #expect(history.valueLines(of: 2) == nil)
    }

    /// Several names on a line, and a name assigned across it: their values as they came.
    @Test func theValuesOfSeveralNamesOnALineAreInterleavedAsTheyCame() {
        var results = [LineResult(kind: .value, line: 1, column: 5, name: "total", text: "0", isNumber: true)]
        for i in 1...2 {
            results.append(LineResult(kind: .value, line: 1, column: 36, name: "total", text: String(i), isNumber: true))
            results.append(LineResult(kind: .value, line: 1, column: 50, name: "word", text: "w\(i)"))
        }
        let history = ResultsHistory(results, lastLine: 1)
        #expect(history.valueLines(of: 1) == ["1  total = 0", "2  total = 1", "3  word = w1", "4  total = 2", "5  word = w2"])
    }

    /// What the column leaves out is no value of the line either: a closure's `$0`, and a throwing
    /// call's value beside the name it is bound to.
    @Test func whatTheColumnLeavesOutIsNotListed() {
        let history = ResultsHistory([
            LineResult(kind: .value, line: 2, column: 17, name: "", text: "[1, 2]"),
            LineResult(kind: .value, line: 2, column: 5, name: "numbers", text: "[1, 2]"),
            LineResult(kind: .value, line: 2, column: 20, name: "$0", text: "1"),
        ], lastLine: 2)
        #expect(history.valueLines(of: 2) == ["1  numbers = [1, 2]"])
    }

    /// A loop of many turns keeps the first values and counts the rest.
    @Test func aLongHistoryKeepsItsFirstValuesAndCountsTheRest() throws {
        let turns = ResultsHistory.kept + 500
        let history = ResultsHistory((1...turns).map { LineResult(kind: .value, line: 1, column: 22, name: "v", text: String($0), isNumber: true) },
                                     lastLine: 1)
        let lines = try #require(history.valueLines(of: 1))
        #expect(lines.count == ResultsHistory.kept + 1)
        #expect(lines[ResultsHistory.kept - 1] == "\(ResultsHistory.kept)  v = \(ResultsHistory.kept)")
        #expect(lines.last == "… 500 more")
        #expect(history.column.plainLines.first?.hasPrefix("1  v = \(turns)  (\(turns) times)") == true)
    }

    /// `replay --results --step` adds each statement's lines as it runs.
    @Test func statementsRunOneByOneAddTheirLines() {
        var history = ResultsHistory(lastLine: 4)
        #expect(history.isEmpty)
        history.add([LineResult(kind: .value, line: 1, column: 5, name: "a", text: "1", isNumber: true)])
        history.add([LineResult(kind: .value, line: 3, column: 5, name: "b", text: "\"x\"")])
        #expect(history.column.plainLines == ["1  a = 1", "3  b = \"x\""])
        #expect(history.valueLines(of: 3) == ["1  b = \"x\""])
    }
}
