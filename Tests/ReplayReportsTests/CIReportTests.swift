import Foundation
import FoundationXML
import Testing
@testable import ReplayReports

/// `replay --junit` and `--tap`: escaping, and what each writer makes of one report.
@Suite struct CIReportTests {
    static let report: CheckReport = {
        var report = CheckReport(started: Date(timeIntervalSince1970: 1_795_000_000), hostname: "ci-host")
        report.cases = [
            CheckReport.Case(file: "Snippets/jokes.swift", seconds: 0.4123, result: .passed),
            CheckReport.Case(file: "Snippets/broken.swift", seconds: 1.5, result: .failed([
                CheckReport.Failure(line: 4, message: "no response yet", source: "try wb.status()"),
            ])),
            CheckReport.Case(file: "Snippets/missing.swift", result: .error("no snippet 'missing': Snippets/missing.swift does not exist")),
            CheckReport.Case(file: "later.swift", result: .skipped("not run: the replay was stopped before it")),
        ]
        return report
    }()

    @Test func junitHasASuiteOfOneCasePerSnippet() {
        let timestamp = JUnitReport.timestamp(Self.report.started)
        #expect(JUnitReport.xml(Self.report) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="workbench replay" tests="4" failures="1" errors="1" time="1.912">
              <testsuite name="workbench replay" tests="4" failures="1" errors="1" skipped="1" time="1.912" timestamp="\(timestamp)" hostname="ci-host">
                <testcase name="jokes" classname="Snippets" time="0.412"/>
                <testcase name="broken" classname="Snippets" time="1.500">
                  <failure message="line 4: no response yet" type="failed statement">Snippets/broken.swift:4: no response yet
            try wb.status()</failure>
                </testcase>
                <testcase name="missing" classname="Snippets" time="0.000">
                  <error message="no snippet &apos;missing&apos;: Snippets/missing.swift does not exist" type="unreadable snippet"/>
                </testcase>
                <testcase name="later" classname="." time="0.000">
                  <skipped message="not run: the replay was stopped before it"/>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func aTimestampIsLocalTimeWithoutAZone() throws {
        let timestamp = JUnitReport.timestamp(Date())
        #expect(try #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/#.wholeMatch(in: timestamp) != nil)
    }

    @Test func tapHasThePlanAPointPerSnippetAndTheFailuresAsYAML() {
        #expect(TAPReport.text(Self.report) == """
            TAP version 13
            1..4
            ok 1 - jokes
            not ok 2 - broken
              ---
              file: "Snippets/broken.swift"
              duration_ms: 1500
              failures:
                - line: 4
                  message: "no response yet"
                  statement: "try wb.status()"
              ...
            not ok 3 - missing
              ---
              file: "Snippets/missing.swift"
              duration_ms: 0
              message: "no snippet 'missing': Snippets/missing.swift does not exist"
              ...
            ok 4 - later # SKIP not run: the replay was stopped before it

            """)
    }

    /// Messages hold what the snippet printed: markup, quotes, line breaks, a terminal's escapes.
    static let awkward = [
        #"Expected "<b>" & 'c' ]]> here"#,
        "two\nlines\r\nand a\ttab",
        "colour \u{1B}[31mred\u{1B}[0m, NUL \u{0}, bell \u{7}",
        "café ✓ 𝄞 \u{2028}",
    ]

    @Test(arguments: awkward)
    func xmlEscapingReadsBackAsWritten(text: String) throws {
        let document = "<a b=\"\(XMLText.attribute(text))\">\(XMLText.content(text))</a>"
        let root = try #require(try XMLDocument(xmlString: document, options: []).rootElement())
        // What XML 1.0 cannot hold at all is written as Swift writes it.
        let expected = text.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(of: "\u{0}", with: "\\u{0}")
            .replacingOccurrences(of: "\u{7}", with: "\\u{7}")
        #expect(root.attribute(forName: "b")?.stringValue == expected)
        #expect(root.stringValue == expected)
    }

    @Test func xmlEscapesMarkupAndQuotes() {
        #expect(XMLText.attribute(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
        #expect(XMLText.content(#"<a href="x">'&'</a>"#) == #"&lt;a href="x"&gt;'&amp;'&lt;/a&gt;"#)
        #expect(XMLText.attribute("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
        #expect(XMLText.content("a\tb\nc\rd") == "a\tb\nc&#13;d")
        #expect(XMLText.content("\u{1B}[1m\u{FFFF}") == "\\u{1B}[1m\\u{FFFF}")
    }

    @Test func tapKeepsEachMessageOnOneLineAndDescriptionsFreeOfDirectives() {
        #expect(TAPReport.quoted("say \"hi\"\\now\nline\t\u{1B}[0m\u{2028}") == #""say \"hi\"\\now\nline\t\x1B[0m\L""#)
        #expect(TAPReport.description("a # b \\ c\nd") == "a \\# b \\\\ c d")
    }
}
