import Foundation
import FoundationXML
import TestSupport
import Testing

/// `workbench replay A B C --check --junit FILE --tap FILE`: the reports CI reads, from the real
/// binary replaying against its sandbox. The JUnit file is checked against our own reading of
/// Jenkins' schema (CIReports/junit.xsd) with xmllint.
@Suite struct ReplayReportTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CIReports/junit.xsd")

    /// Two snippets that pass around one whose recorded model no longer fits the API's answer.
    static let snippets = [
        "first": """
            // Passes: one post from the sandbox.
            import Sandbox
            import WorkbenchKit

            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)
            try await wb.get("/posts/1")
            """,
        "broken": """
            // Fails on line 12: the posts have no `nickname`.
            import Sandbox
            import WorkbenchKit

            struct Post: Codable {
                let id: Int
                let nickname: String
            }
            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)
            try await wb.get("/posts/1")
            let post = try wb.decode(Post.self)
            print("not reached")
            """,
        "last": """
            // Passes without a request.
            import WorkbenchKit
            let wb = Workbench()
            try wb.json(#"{"ok": true}"#)
            """,
    ]

    /// What Foundation's `DecodingError` says of the missing key, after its case's name.
    static let keyNotFound = #"Key 'nickname' not found in keyed decoding container. Debug description: No value associated with key CodingKeys(stringValue: "nickname", intValue: nil) ("nickname")."#
    static let keyNotFoundInXML = keyNotFound.replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\"", with: "&quot;")

    static let noResponse = "no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)"

    /// A report with what differs between runs masked: the JUnit file's times (seconds with three
    /// decimals), timestamp and host, and the TAP file's durations.
    static func masked(_ report: String) -> String {
        report.replacing(#/ time="\d+\.\d{3}"/#, with: #" time="SECONDS""#)
            .replacing(#/ timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"/#, with: #" timestamp="TIMESTAMP""#)
            .replacing(#/ hostname="[^"]*"/#, with: #" hostname="HOST""#)
            .replacing(#/(?m)^  duration_ms: \d+$/#, with: "  duration_ms: MS")
    }

    @Test func severalSnippetsGiveOneCaseEachAndTheFailingStepWithItsLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var files: [String] = []
        for name in ["first", "broken", "last"] {
            let file = directory.url.appendingPathComponent(name + ".swift")
            try Self.snippets[name]!.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let junit = directory.url.appendingPathComponent("report.xml"), tap = directory.url.appendingPathComponent("report.tap")
        let result = try await PipedRun.run(try Binaries.workbench, ["replay"] + files + ["--check", "--junit", junit.path, "--tap", tap.path],
                                            input: "", environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        // Each snippet under its path, its statements echoed and answered (times masked); the
        // failing one stops at its line, then the count and the reports.
        let path = directory.url.path
        let post: String = #"""
            HTTP 200 OK · application/json · 292 B · TIME
            {
              "userId": 1,
              "id": 1,
              "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
              "body": "quia et suscipit\nsuscipit recusandae consequuntur expedita et cum\nreprehenderit molestiae ut ut quas totam\nnostrum rerum est autem sunt rem eveniet architecto"
            }

            """#
        let first: String = """
            ── \(path)/first.swift
            » let sandbox = try await Sandbox.start()
            » let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)
            » try await wb.get("/posts/1")

            """
        let broken: String = """
            ── \(path)/broken.swift
            » struct Post: Codable {
            »     let id: Int
            »     let nickname: String
            » }
            » let sandbox = try await Sandbox.start()
            » let wb = Workbench(base: "sandbox/jsonplaceholder", sandbox: sandbox.baseURL)
            » try await wb.get("/posts/1")

            """
        let last: String = """
            » let post = try wb.decode(Post.self)
            error: broken.swift:12:1: DecodingError.keyNotFound: \(Self.keyNotFound)
            ── \(path)/last.swift
            » let wb = Workbench()
            » try wb.json(#"{"ok": true}"#)
            current body: an object with 1 member (12 bytes)
            3 snippets: 2 passed, 1 failed (broken)
            wrote JUnit report \(junit.path) (3 test cases)
            wrote TAP report \(tap.path) (3 test cases)

            """
        let expectedOutput: String = first + post + broken + post + last
        #expect(SnippetOutput.masked(result.output, sizesAndClocks: false) == expectedOutput, "\(result.output)")

        let document = try XMLDocument(contentsOf: junit, options: [])
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "errors")?.stringValue == "0")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["first", "broken", "last"])
        for testCase in cases {
            let time = try #require(testCase.attribute(forName: "time")?.stringValue)
            #expect(try #/\d+\.\d{3}/#.wholeMatch(in: time) != nil, "seconds with three decimals: \(time)")
        }
        #expect((cases[0].children ?? []).isEmpty && (cases[2].children ?? []).isEmpty)
        let failures = cases[1].elements(forName: "failure")
        try #require(failures.count == 1)
        #expect(failures[0].attribute(forName: "message")?.stringValue == "line 12: DecodingError.keyNotFound: \(Self.keyNotFound)")
        #expect(failures[0].stringValue == "\(path)/broken.swift:12: DecodingError.keyNotFound: \(Self.keyNotFound)\nlet post = try wb.decode(Post.self)")
        // The whole file, its times, timestamp and host masked (the masks take only the forms the schema allows).
        #expect(Self.masked(try String(contentsOf: junit, encoding: .utf8)) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="workbench replay" tests="3" failures="1" errors="0" time="SECONDS">
              <testsuite name="workbench replay" tests="3" failures="1" errors="0" skipped="0" time="SECONDS" timestamp="TIMESTAMP" hostname="HOST">
                <testcase name="first" classname="\(path)" time="SECONDS"/>
                <testcase name="broken" classname="\(path)" time="SECONDS">
                  <failure message="line 12: DecodingError.keyNotFound: \(Self.keyNotFoundInXML)" type="failed statement">\(path)/broken.swift:12: DecodingError.keyNotFound: \(Self.keyNotFound)
            let post = try wb.decode(Post.self)</failure>
                </testcase>
                <testcase name="last" classname="\(path)" time="SECONDS"/>
              </testsuite>
            </testsuites>

            """)
        let validation = try await Self.validate(junit)
        #expect(validation.status == 0, "\(validation.errorOutput)")

        // The whole TAP file, its duration masked; the message's quotes escaped for YAML.
        let tapText = try String(contentsOf: tap, encoding: .utf8)
        let escaped = Self.keyNotFound.replacingOccurrences(of: "\"", with: "\\\"")
        #expect(Self.masked(tapText) == """
            TAP version 13
            1..3
            ok 1 - first
            not ok 2 - broken
              ---
              file: "\(path)/broken.swift"
              duration_ms: MS
              failures:
                - line: 12
                  message: "DecodingError.keyNotFound: \(escaped)"
                  statement: "let post = try wb.decode(Post.self)"
              ...
            ok 3 - last

            """, "\(tapText)")
        let read = try await Self.readTAP(tap)
        #expect(read.output == "plan 1..3\npassed 1 3\nfailed 2\nerrors \nfailing lines 12\n", "\(read.errorOutput)")
    }

    @Test func withoutCheckEachFailingStepIsAFailureAndTheReportIsWrittenAnyway() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("twice.swift")
        try "import WorkbenchKit\nlet wb = Workbench()\ntry wb.status()\nprint(\"<&>\")\ntry wb.headers()\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let junit = directory.url.appendingPathComponent("report.xml")
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--no-sandbox", "--junit", junit.path],
                                            input: "", environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1)
        // Each failing statement said where it is, and the replay goes on to the next.
        #expect(result.output == """
            » let wb = Workbench()
            » try wb.status()
            error: twice.swift:3:1: \(Self.noResponse)
            » print("<&>")
            <&>
            » try wb.headers()
            error: twice.swift:5:1: \(Self.noResponse)
            wrote JUnit report \(junit.path) (1 test case)

            """, "\(result.output)")
        let document = try XMLDocument(contentsOf: junit, options: [])
        let messages = try document.nodes(forXPath: "//failure/@message").map(\.stringValue)
        #expect(messages == ["line 3: \(Self.noResponse)", "line 5: \(Self.noResponse)"])
        let validation = try await Self.validate(junit)
        #expect(validation.status == 0, "\(validation.errorOutput)")
    }

    /// A compiled statement's error holds markup, both quotes and a bell: the JUnit file still
    /// validates and reads back as printed (the bell as `\u{7}`, which XML cannot hold), and TAP
    /// keeps the message on its line.
    @Test func anAwkwardMessageIsEscapedForBoth() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("awkward.swift")
        try #"""
            import WorkbenchKit
            struct Odd: Error, CustomStringConvertible {
                var description: String { "bad <tag> & \"quotes\" 'too' \u{7} bell ]]> end" }
            }
            throw Odd()
            """#.write(to: file, atomically: true, encoding: .utf8)
        let junit = directory.url.appendingPathComponent("report.xml"), tap = directory.url.appendingPathComponent("report.tap")
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--no-sandbox", "--junit", junit.path, "--tap", tap.path],
                                            input: "", environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        let document = try XMLDocument(contentsOf: junit, options: [])
        let messages = try document.nodes(forXPath: "//failure/@message").map(\.stringValue)
        #expect(messages == [#"line 5: bad <tag> & "quotes" 'too' \u{7} bell ]]> end"#])
        let path = directory.url.path
        #expect(Self.masked(try String(contentsOf: junit, encoding: .utf8)) == #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="workbench replay" tests="1" failures="1" errors="0" time="SECONDS">
              <testsuite name="workbench replay" tests="1" failures="1" errors="0" skipped="0" time="SECONDS" timestamp="TIMESTAMP" hostname="HOST">
                <testcase name="awkward" classname="\#(path)" time="SECONDS">
                  <failure message="line 5: bad &lt;tag&gt; &amp; &quot;quotes&quot; &apos;too&apos; \u{7} bell ]]&gt; end" type="failed statement">\#(path)/awkward.swift:5: bad &lt;tag&gt; &amp; "quotes" 'too' \u{7} bell ]]&gt; end
            throw Odd()</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """#)
        let validation = try await Self.validate(junit)
        #expect(validation.status == 0, "\(validation.errorOutput)")
        let tapText = try String(contentsOf: tap, encoding: .utf8)
        #expect(Self.masked(tapText) == #"""
            TAP version 13
            1..1
            not ok 1 - awkward
              ---
              file: "\#(path)/awkward.swift"
              duration_ms: MS
              failures:
                - line: 5
                  message: "bad <tag> & \"quotes\" 'too' \x07 bell ]]> end"
                  statement: "throw Odd()"
              ...

            """#, "\(tapText)")
        let read = try await Self.readTAP(tap)
        #expect(read.output == "plan 1..1\npassed \nfailed 1\nerrors \nfailing lines 5\n", "\(read.errorOutput)")
    }

    /// A path that cannot be written is one line, before anything replays.
    @Test(arguments: [("missing-folder/report.xml", "No such file or directory"), (".", "it is a directory")])
    func aReportPathThatCannotBeWrittenIsOneLine(path: String, reason: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("quiet.swift")
        try "import WorkbenchKit\nprint(\"replayed\")\n".write(to: file, atomically: true, encoding: .utf8)
        let report = directory.url.appendingPathComponent(path).path
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--no-sandbox", "--junit", report],
                                            input: "", environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1)
        #expect(result.errorOutput == "error: cannot write \(report): \(reason)\n")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    /// Documents that break one rule each of the schema, and a word of what xmllint says about
    /// each: the schema must reject them for that reason, or validating says nothing.
    static let invalid = [
        "a testcase without a classname": (#"<testcase name="a" time="0.1"/>"#, "'classname' is required"),
        "a time with a unit": (#"<testcase name="a" classname="S" time="0.1s"/>"#, "'0.1s' is not a valid value"),
        "a negative time": (#"<testcase name="a" classname="S" time="-1"/>"#, "'-1' is less than the minimum"),
        "a failure outside a testcase": (#"<failure message="m" type="t">x</failure>"#, "Element 'failure': This element is not expected"),
        "a failure without a message": (#"<testcase name="a" classname="S" time="0.1"><failure type="t">x</failure></testcase>"#,
                                        "'message' is required"),
        "two skipped": (#"<testcase name="a" classname="S" time="0.1"><skipped/><skipped/></testcase>"#,
                        "Element 'skipped': This element is not expected"),
        "a skipped after a failure": (#"<testcase name="a" classname="S" time="0.1"><failure message="m" type="t"/><skipped/></testcase>"#,
                                      "Element 'skipped': This element is not expected"),
        "an unknown element": (#"<testcase name="a" classname="S" time="0.1"><warning/></testcase>"#, "Element 'warning': This element is not expected"),
    ]

    @Test(arguments: invalid.keys.sorted())
    func theSchemaRejects(rule: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("invalid.xml")
        let (body, reason) = Self.invalid[rule]!
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="s" tests="1" failures="0" errors="0" skipped="0" time="0.1">\(body)</testsuite></testsuites>
            """.write(to: file, atomically: true, encoding: .utf8)
        let validation = try await Self.validate(file)
        #expect(validation.status != 0, "\(rule) was accepted")
        // xmllint's own words, which change between libxml2 versions: only the reason's are looked for.
        #expect(validation.errorOutput.contains("fails to validate"), "\(validation.errorOutput)")
        #expect(validation.errorOutput.contains(reason), "\(validation.errorOutput)")
    }

    @Test func theSchemaRejectsASuiteWithoutItsCountsOrWithAZonedTimestamp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let documents = [
            #"<testsuite name="s" time="0.1"/>"#,
            #"<testsuite name="s" tests="0" failures="0" errors="0" skipped="0" time="0" timestamp="2026-11-25T11:32:35Z"/>"#,
            #"<testcase name="a" classname="S" time="0.1"/>"#,
        ]
        for document in documents {
            let file = directory.url.appendingPathComponent("invalid.xml")
            try document.write(to: file, atomically: true, encoding: .utf8)
            #expect(try await Self.validate(file).status != 0, "\(document) was accepted")
        }
        let valid = directory.url.appendingPathComponent("valid.xml")
        try #"<testsuite name="s" tests="0" failures="0" errors="0" skipped="0" time="0" timestamp="2026-11-25T11:32:35"/>"#
            .write(to: valid, atomically: true, encoding: .utf8)
        #expect(try await Self.validate(valid).status == 0)
    }

    /// The TAP file as a TAP consumer reads it: Perl's TAP::Parser (Test::Harness, what `prove`
    /// uses; Debian's perl, which `make deps` installs). Its plan, passing and failing points, its
    /// parse errors, and the failing lines its YAML blocks hold.
    static func readTAP(_ file: URL) async throws -> PipedRun {
        let script = #"""
            use TAP::Parser;
            my $text = do { local $/; open my $in, '<', $ARGV[0] or die "$ARGV[0]: $!"; <$in> };
            my $parser = TAP::Parser->new({ tap => $text });
            my @lines;
            while (my $result = $parser->next) {
                push @lines, map { $_->{line} } @{ $result->data->{failures} || [] } if $result->is_yaml;
            }
            print "plan ", $parser->plan, "\npassed ", join(" ", $parser->passed), "\nfailed ", join(" ", $parser->failed),
                "\nerrors ", join("; ", $parser->parse_errors), "\nfailing lines ", join(" ", @lines), "\n";
            """#
        return try await PipedRun.run("/usr/bin/perl", ["-e", script, file.path], input: "", environment: ["PATH": "/usr/bin:/bin"])
    }

    /// `xmllint --noout --schema junit.xsd FILE` (Debian's libxml2-utils, which `make deps` installs).
    static func validate(_ file: URL) async throws -> PipedRun {
        let xmllint = "/usr/bin/xmllint"
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            throw MissingTool(description: "\(xmllint) is missing: `make deps` installs libxml2-utils")
        }
        return try await PipedRun.run(xmllint, ["--noout", "--schema", schema.path, file.path], input: "",
                                      environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
    }

    struct MissingTool: Error, CustomStringConvertible {
        let description: String
    }
}
