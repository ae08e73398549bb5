/// A `CheckReport` as TAP (testanything.org): the plan, one `ok` / `not ok` line per snippet, and
/// under a `not ok` a YAML block with its file, its time and each failing statement's line and
/// message. A snippet the replay was stopped before is `ok … # SKIP`. It says version 13, which
/// every TAP 14 reader also reads: Debian 12's Perl TAP::Parser (`prove`) refuses `TAP version 14`
/// (ReplayReportTests reads the report with it).
public enum TAPReport {
    public static func text(_ report: CheckReport) -> String {
        var lines = ["TAP version 13", "1..\(report.cases.count)"]
        for (index, testCase) in report.cases.enumerated() {
            let point = "\(index + 1) - \(description(testCase.name))"
            switch testCase.result {
            case .passed:
                lines.append("ok \(point)")
            case .skipped(let reason):
                lines.append("ok \(point) # SKIP \(description(reason))")
            case .failed(let failures):
                lines.append("not ok \(point)")
                lines += diagnostics(testCase, [("failures", "")] + failures.flatMap { failure in
                    [("  - line", String(failure.line)), ("    message", quoted(failure.message)),
                     ("    statement", quoted(failure.source))]
                })
            case .error(let message):
                lines.append("not ok \(point)")
                lines += diagnostics(testCase, [("message", quoted(message))])
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The YAML block under a test point, indented two spaces: `---`, the fields, `...`.
    static func diagnostics(_ testCase: CheckReport.Case, _ fields: [(String, String)]) -> [String] {
        let common = [("file", quoted(testCase.file)), ("duration_ms", String(Int((testCase.seconds * 1000).rounded())))]
        return ["  ---"] + (common + fields).map { "  \($0):" + ($1.isEmpty ? "" : " \($1)") } + ["  ..."]
    }

    /// A test point's description on one line, `#` escaped (it would start a directive) and `\` with it.
    static func description(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "#": result += "\\#"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A YAML double-quoted scalar: `\` and `"` escaped, line breaks and other control characters
    /// as YAML's escapes, so any message stays one line of the block.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            case _ where scalar.properties.generalCategory == .control:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
