import Foundation

/// A `CheckReport` as JUnit XML, the format Jenkins, GitHub Actions' test reporters and GitLab
/// read: one `testsuite` for the run, one `testcase` per snippet, one `failure` per failing
/// statement (`message` its line and why, the text its place and source), an `error` for a
/// snippet that could not be read, times in seconds. Only what Jenkins' JUnit schema allows is
/// written (Tests/EndToEndTests/CIReports/junit.xsd checks it).
public enum JUnitReport {
    public static func xml(_ report: CheckReport, suiteName: String = "workbench replay") -> String {
        let counts = "tests=\"\(report.cases.count)\" failures=\"\(report.failedCount)\" errors=\"\(report.errorCount)\""
        let time = "time=\"\(seconds(report.seconds))\""
        let name = XMLText.attribute(suiteName)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(name)\" \(counts) \(time)>",
            "  <testsuite name=\"\(name)\" \(counts) skipped=\"\(report.skippedCount)\" \(time)"
                + " timestamp=\"\(timestamp(report.started))\" hostname=\"\(XMLText.attribute(report.hostname))\">",
        ]
        for testCase in report.cases { lines += self.testCase(testCase) }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func testCase(_ testCase: CheckReport.Case) -> [String] {
        let opening = "    <testcase name=\"\(XMLText.attribute(testCase.name))\" classname=\"\(XMLText.attribute(testCase.folder))\""
            + " time=\"\(seconds(testCase.seconds))\""
        let inner: [String]
        switch testCase.result {
        case .passed:
            return [opening + "/>"]
        case .failed(let failures):
            inner = failures.map { failure in
                let message = XMLText.attribute("line \(failure.line): \(failure.message)")
                let text = XMLText.content("\(testCase.file):\(failure.line): \(failure.message)\n\(failure.source)")
                return "      <failure message=\"\(message)\" type=\"failed statement\">\(text)</failure>"
            }
        case .error(let message):
            inner = ["      <error message=\"\(XMLText.attribute(message))\" type=\"unreadable snippet\"/>"]
        case .skipped(let message):
            inner = ["      <skipped message=\"\(XMLText.attribute(message))\"/>"]
        }
        return [opening + ">"] + inner + ["    </testcase>"]
    }

    /// Seconds with three decimals, as JUnit writers give them (`0.412`).
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }

    /// ISO 8601 local time without a zone, the form Jenkins' schema takes (`2026-11-25T11:32:35`).
    static func timestamp(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
