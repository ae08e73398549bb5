import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSONPrinter")
struct JSONPrinterTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        let input: String
        let output: String
        var testDescription: String { input.debugDescription }
    }

    static let goldens: [Golden] = [
        Golden(input: "1", output: "1\n"),
        Golden(input: " \"x\" ", output: "\"x\"\n"),
        Golden(input: "[]", output: "[]\n"),
        Golden(input: "{ }", output: "{}\n"),
        Golden(input: "[1,2]", output: "[\n  1,\n  2\n]\n"),
        Golden(input: #"{"b":1.0,"a":[],"c":{}}"#, output: "{\n  \"b\": 1.0,\n  \"a\": [],\n  \"c\": {}\n}\n"),
        Golden(input: #"{"a":{"b":[null,true,{"c":"d"}]}}"#, output: """
            {
              "a": {
                "b": [
                  null,
                  true,
                  {
                    "c": "d"
                  }
                ]
              }
            }

            """),
        Golden(input: #"[1e400,-0,1E+2,0.10,12345678901234567890123]"#, output: "[\n  1e400,\n  -0,\n  1E+2,\n  0.10,\n  12345678901234567890123\n]\n"),
        Golden(input: #"["\u00e9\n\"","é😀","\/"]"#, output: "[\n  \"\\u00e9\\n\\\"\",\n  \"é😀\",\n  \"\\/\"\n]\n"),
        Golden(input: "{\n\t\"z\" :\r\n 1 , \"a\":2 }", output: "{\n  \"z\": 1,\n  \"a\": 2\n}\n"),
    ]

    @Test("prints with two-space indent, keeping key order, number and string text", arguments: goldens)
    func golden(_ golden: Golden) throws {
        #expect(try JSONPrinter().formatted(golden.input) == golden.output)
    }

    @Test("indent width is configurable")
    func indentWidth() throws {
        #expect(try JSONPrinter(layout: .pretty(indent: 4)).formatted(#"{"a":[1]}"#) == "{\n    \"a\": [\n        1\n    ]\n}\n")
        #expect(try JSONPrinter(layout: .pretty(indent: 0)).formatted("[1,[2]]") == "[\n1,\n[\n2\n]\n]\n")
    }

    @Test("compact layout removes all whitespace")
    func compact() throws {
        let printer = JSONPrinter(layout: .compact)
        #expect(try printer.formatted(" { \"a\" : [ 1 , {} , [ ] , \"x y\" ] } ") == #"{"a":[1,{},[],"x y"]}"#)
    }

    @Test("colours nothing by default, keys, strings, numbers and literals with a theme")
    func colours() throws {
        let text = #"{"k":["s",1,true,null]}"#
        #expect(!(try JSONPrinter().formatted(text).contains("\u{1B}")))
        let theme = JSONTheme(key: "<K>", string: "<S>", number: "<N>", literal: "<L>", reset: "</>")
        #expect(try JSONPrinter(layout: .compact, theme: theme).formatted(text)
            == #"{<K>"k"</>:[<S>"s"</>,<N>1</>,<L>true</>,<L>null</>]}"#)
        #expect(try JSONPrinter(theme: .standard).formatted("1") == "\u{1B}[36m1\u{1B}[0m\n")
    }

    @Test("a line limit stops output and counts the lines left out")
    func lineLimit() throws {
        let text = "[" + (1...10).map(String.init).joined(separator: ",") + "]"  // 12 lines printed
        var output: [UInt8] = []
        let summary = try JSONPrinter(lineLimit: 4).format(Array(text.utf8), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "[\n  1,\n  2,\n  3,\n")
        #expect(summary == JSONPrintSummary(totalLines: 12, printedLines: 4))
        #expect(summary.omittedLines == 8)

        output = []
        let all = try JSONPrinter(lineLimit: 12).format(Array(text.utf8), into: &output)
        #expect(all.omittedLines == 0 && all.totalLines == 12)
        #expect(output.last == 0x0A && output.filter { $0 == 0x0A }.count == 12)

        output = []
        let none = try JSONPrinter(lineLimit: 0).format(Array(text.utf8), into: &output)
        #expect(output.isEmpty && none.omittedLines == 12)
    }

    @Test("a line limit still validates the rest of the input")
    func lineLimitValidates() {
        var output: [UInt8] = []
        #expect(throws: JSONSyntaxError.self) {
            try JSONPrinter(lineLimit: 2).format(Array("[1,2,3,4,]".utf8), into: &output)
        }
        #expect(output.isEmpty)
    }

    @Test("streams large output in chunks that add up to the whole")
    func streaming() throws {
        let text = "[" + (0..<20_000).map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",") + "]"
        var chunks = 0
        var streamed: [UInt8] = []
        let summary = try JSONPrinter().format(Data(text.utf8)) { chunk in
            chunks += 1
            streamed.append(contentsOf: chunk)
        }
        var whole: [UInt8] = []
        try JSONPrinter().format(Data(text.utf8), into: &whole)
        #expect(chunks > 1)
        #expect(streamed == whole)
        #expect(summary.totalLines == 20_000 * 4 + 2)
    }

    @Test("appends after what the buffer already holds")
    func appends() throws {
        var output = Array("> ".utf8)
        try JSONPrinter(layout: .compact).format(Array("[ 1 ]".utf8), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "> [1]")
    }

    @Test("printed output parses back to the same values as Foundation reads from the input")
    func reparses() throws {
        for text in JSONDocumentTests.nastyButValid {
            let printed = try JSONPrinter().formatted(text)
            #expect(try ReferenceValue.foundation(printed) == (try ReferenceValue.foundation(text)))
            #expect(try JSONPrinter(layout: .compact).formatted(printed) == (try JSONPrinter(layout: .compact).formatted(text)))
        }
    }

    @Test("a leading byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONPrinter().formatted("\u{FEFF}[]") == "[]\n")
    }
}
