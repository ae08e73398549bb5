import ReplayReports
import WorkbenchKit
import WorkbenchScript

/// `--junit FILE` and `--tap FILE`: their paths looked at before the replay, the files written after it.
extension ReplayRequest {
    /// Refuses a report path that cannot be written, before anything runs.
    func checkReportPaths() throws(UsageError) {
        for path in [junit, tap].compactMap(\.self) {
            if let problem = ReportFile.problem(path) { throw UsageError(problem) }
        }
    }

    /// Writes the reports asked for, each with one line saying so.
    func writeReports(_ report: CheckReport, on console: Console) throws(UsageError) {
        if let junit {
            try ReportFile.write(JUnitReport.xml(report), to: junit)
            console.line(console.styled("wrote JUnit report \(junit) (\(Self.cases(report)))", .dim))
        }
        if let tap {
            try ReportFile.write(TAPReport.text(report), to: tap)
            console.line(console.styled("wrote TAP report \(tap) (\(Self.cases(report)))", .dim))
        }
        console.flush()
    }

    private static func cases(_ report: CheckReport) -> String {
        report.cases.count == 1 ? "1 test case" : "\(report.cases.count) test cases"
    }
}
