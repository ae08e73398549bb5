import Foundation
import Testing
@testable import Sandbox

@Suite("JSON scanning and layout")
struct JSONScannerTests {
    private func scanner(_ text: String) -> JSONScanner { JSONScanner(Array(text.utf8)) }

    @Test func membersAndElementsAreFoundWithTheirBytes() throws {
        let json = scanner(#" {"a": [1, {"b": "x\"}"}], "c\u0041": null, "d": -1.5e3} "#)
        let root = try json.rootRange()
        let members = try json.objectMembers(in: root)
        #expect(members.map(\.key) == ["a", "cA", "d"])
        #expect(String(decoding: json.bytes[members[0].value], as: UTF8.self) == #"[1, {"b": "x\"}"}]"#)
        #expect(try json.arrayElements(in: members[0].value).count == 2)
        #expect(String(decoding: json.bytes[members[2].value], as: UTF8.self) == "-1.5e3")
    }

    @Test(arguments: [
        (#"{"a": 1"#, JSONScanError.unexpectedEnd),
        (#"{"a" 1}"#, JSONScanError.expected("':'", at: 5)),
        (#"[1 2]"#, JSONScanError.expected("',' or ']'", at: 3)),
        (#"{} x"#, JSONScanError.trailingBytes(at: 2)),
    ])
    func brokenDocumentsSayWhatIsWrong(text: String, error: JSONScanError) {
        let json = scanner(text)
        #expect(throws: error) {
            let root = try json.rootRange()
            if json.bytes[root.lowerBound] == UInt8(ascii: "{") { _ = try json.objectMembers(in: root) }
            else { _ = try json.arrayElements(in: root) }
        }
    }

    @Test func escapesDecodeAndQuoteBack() throws {
        let json = scanner(#""tab\there \u00e9 \ud83d\ude00 \/""#)
        let text = try json.string(in: try json.rootRange())
        #expect(text == "tab\there é 😀 /")
        #expect(JSONStringEscapes.quote("a\"b\\c\n\u{01}é") == #""a\"b\\c\n\u0001é""#)
    }

    @Test func minifyingKeepsStringsByteForByte() {
        let bytes = Array(#"{ "a b" : [ 1 , "\" x" ] }"#.utf8)
        #expect(String(decoding: JSONLayout.minified(bytes[...]), as: UTF8.self) == #"{"a b":[1,"\" x"]}"#)
    }

    @Test func reindentingMovesContinuationLines() {
        let bytes = Array("{\n      \"a\": 1\n    }".utf8)
        #expect(String(decoding: JSONLayout.reindented(bytes[...], removing: 4, adding: 0), as: UTF8.self) == "{\n  \"a\": 1\n}")
    }

    @Test func builtValuesPrintWithStableKeyOrder() {
        let value = JSONValue.object([("z", .int(1)), ("a", .array([.bool(true), .null])), ("e", .object([]))])
        #expect(String(decoding: value.rendered(pretty: false), as: UTF8.self) == #"{"z":1,"a":[true,null],"e":{}}"#)
        #expect(String(decoding: value.rendered(pretty: true), as: UTF8.self)
            == "{\n  \"z\": 1,\n  \"a\": [\n    true,\n    null\n  ],\n  \"e\": {}\n}")
    }

    @Test func gzipIsRealGzip() throws {
        let input = Array(String(repeating: "sandbox ", count: 200).utf8)
        let compressed = try Gzip.compress(input)
        #expect(Array(compressed.prefix(3)) == [0x1F, 0x8B, 0x08])
        #expect(compressed.count < input.count / 4)
        // The gzip trailer ends with the input's length (mod 2^32), little-endian.
        let size = compressed.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(size == input.count)
    }
}
