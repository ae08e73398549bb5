import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSON syntax errors")
struct JSONSyntaxErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let expected: String
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        Case(input: "", expected: "line 1, column 1: expected a JSON value, found the end of the input"),
        Case(input: "  \n ", expected: "line 2, column 2: expected a JSON value, found the end of the input"),
        Case(input: "[1,]", expected: "line 1, column 4: expected a value after ',' in an array, found ']'"),
        Case(input: #"{"a":1,}"#, expected: "line 1, column 8: expected a string key after ',', found '}'"),
        Case(input: "{\n  \"a\": 1,\n  \"b\": 2]\n", expected: "line 3, column 9: expected ',' or '}' after an object member, found ']'"),
        Case(input: "[1 2]", expected: "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
        Case(input: #"{"a" 1}"#, expected: "line 1, column 6: expected ':' after an object key, found '1'"),
        Case(input: "{a:1}", expected: "line 1, column 2: expected a string key or '}', found 'a'"),
        Case(input: #"{"a":}"#, expected: "line 1, column 6: expected a value after ':', found '}'"),
        Case(input: "[,1]", expected: "line 1, column 2: expected a value or ']', found ','"),
        Case(input: "01", expected: "line 1, column 1: expected a number without a leading zero, found '01'"),
        Case(input: "[-01]", expected: "line 1, column 2: expected a number without a leading zero, found '-01'"),
        Case(input: "1.", expected: "line 1, column 3: expected a digit after the decimal point, found the end of the input"),
        Case(input: ".5", expected: "line 1, column 1: expected a JSON value, found '.5'"),
        Case(input: "1e+", expected: "line 1, column 4: expected a digit in the exponent, found the end of the input"),
        Case(input: "-", expected: "line 1, column 2: expected a digit after '-', found the end of the input"),
        Case(input: "-Infinity", expected: "line 1, column 2: expected a digit after '-', found 'Infinity'"),
        Case(input: "NaN", expected: "line 1, column 1: expected a JSON value, found 'NaN'"),
        Case(input: "[tru]", expected: "line 1, column 2: expected a value or ']', found 'tru'"),
        Case(input: "True", expected: "line 1, column 1: expected a JSON value, found 'True'"),
        Case(input: "nul", expected: "line 1, column 1: expected a JSON value, found 'nul'"),
        Case(input: "[1] x", expected: "line 1, column 5: expected the end of the input after the top-level value, found 'x'"),
        Case(input: "{} {}", expected: "line 1, column 4: expected the end of the input after the top-level value, found '{'"),
        Case(input: "// note\n1", expected: "line 1, column 1: expected a JSON value, found '/'"),
        Case(input: "[1] /* c */", expected: "line 1, column 5: expected the end of the input after the top-level value, found '/'"),
        Case(input: "'a'", expected: "line 1, column 1: expected a JSON value, found '''"),
        Case(input: "\"abc", expected: "line 1, column 5: expected '\"' to close the string that starts at line 1, column 1, found the end of the input"),
        Case(input: "\"a\tb\"", expected: "line 1, column 3: expected a character or an escape in a string, found control character U+0009"),
        Case(input: "\"a\nb\"", expected: "line 1, column 3: expected a character or an escape in a string, found control character U+000A"),
        Case(input: #""\x""#, expected: #"line 1, column 3: expected an escape character (" \ / b f n r t u) after '\', found 'x'"#),
        Case(input: #""\u12G4""#, expected: #"line 1, column 2: expected four hex digits after '\u', found '12G4'"#),
        Case(input: #""\uD800""#, expected: #"line 1, column 8: expected a low surrogate '\uDC00'–'\uDFFF' after '\uD800', found '"'"#),
        Case(input: #""\uD800\u0041""#, expected: #"line 1, column 8: expected a low surrogate '\uDC00'–'\uDFFF' after '\uD800', found '\u0041'"#),
        Case(input: #""\uDC00""#, expected: #"line 1, column 2: expected a high surrogate before '\uDC00', found a lone low surrogate"#),
        Case(input: "[\"é\", é]", expected: "line 1, column 7: expected a value after ',' in an array, found 'é'"),
        Case(input: "[1}", expected: "line 1, column 3: expected ',' or ']' after an array element, found '}'"),
        Case(input: #"{"a":1]"#, expected: "line 1, column 7: expected ',' or '}' after an object member, found ']'"),
        Case(input: "[[1]", expected: "line 1, column 5: expected ',' or ']' after an array element, found the end of the input"),
        Case(input: #"{"a":1 "b":2}"#, expected: #"line 1, column 8: expected ',' or '}' after an object member, found '"b"'"#),
        Case(input: String(repeating: "[", count: 513), expected: "line 1, column 513: expected at most 512 nested arrays and objects, found more"),
    ]

    @Test("the parser reports what it expected and what it found", arguments: cases)
    func parserMessage(_ testCase: Case) {
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: testCase.input) }
        do {
            _ = try JSONDocument(parsing: testCase.input)
        } catch {
            #expect(error.description == testCase.expected)
        }
    }

    @Test("the printer and the validator report the same errors as the parser", arguments: cases)
    func printerMessage(_ testCase: Case) {
        var output: [UInt8] = Array("kept".utf8)
        do {
            try JSONPrinter().format(Array(testCase.input.utf8), into: &output)
            Issue.record("printed invalid JSON \(testCase.input.debugDescription)")
        } catch {
            #expect(error.description == testCase.expected)
        }
        #expect(output == Array("kept".utf8), "output left as it was after an error")
        #expect(throws: JSONSyntaxError.self) { try JSONValidator.validate(testCase.input) }
    }

    @Test("Foundation rejects these too (except the trailing comma it accepts on Linux)", arguments: cases)
    func foundationAgrees(_ testCase: Case) {
        let lenient = ["[1,]", #"{"a":1,}"#]
        guard !lenient.contains(testCase.input) else { return }
        #expect(throws: (any Error).self) {
            try JSONSerialization.jsonObject(with: Data(testCase.input.utf8), options: .fragmentsAllowed)
        }
    }

    @Test("invalid UTF-8 in a string is rejected with the byte")
    func invalidUTF8() {
        for (bytes, message) in [
            ([0x22, 0xFF, 0x22], "line 1, column 2: expected UTF-8 text in a string, found invalid byte 0xFF"),
            ([0x22, 0xC3, 0x22], "line 1, column 2: expected UTF-8 text in a string, found invalid byte 0xC3"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: expected UTF-8 text in a string, found invalid byte 0xED"),
            ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: expected UTF-8 text in a string, found invalid byte 0xC0"),
        ] as [([UInt8], String)] {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes) }
            do { _ = try JSONDocument(parsing: bytes) } catch { #expect(error.description == message) }
        }
    }

    @Test("an error carries its byte offset, line and column")
    func position() {
        do {
            _ = try JSONDocument(parsing: "{\n  \"é\": [1,\n    2,,]\n}")
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.offset == 20)
            #expect(error.line == 3)
            #expect(error.column == 7)
            #expect(error.message == "expected a value after ',' in an array, found ','")
        }
    }

    @Test("the caret diagnostic shows the line and points at the column")
    func caret() {
        let source = "{\n  \"name\": \"Ann\",\n  \"age\": 3a\n}"
        do {
            _ = try JSONDocument(parsing: source)
        } catch {
            #expect(error.caretDiagnostic(source: source) == """
                line 3, column 11: expected ',' or '}' after an object member, found 'a'
                  "age": 3a
                          ^
                """)
        }
    }

    @Test("the caret diagnostic cuts long lines around the error")
    func caretLongLine() {
        let source = "[" + String(repeating: "1,", count: 100) + "x" + String(repeating: ",1", count: 100) + "]"
        do {
            _ = try JSONDocument(parsing: source)
        } catch {
            let lines = error.caretDiagnostic(source: source).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines[1] == "…" + String(repeating: "1,", count: 20) + "x" + String(repeating: ",1", count: 19) + ",…")
            #expect(lines[2] == String(repeating: " ", count: 41) + "^")
        }
    }
}
