import ResultsLog
import Testing
@testable import WorkbenchScript

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
}
