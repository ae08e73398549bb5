import Foundation
import Testing
@testable import Sandbox

@Suite("JSON records and layout")
struct JSONRecordAndLayoutTests {
    @Test func recordsKnowTheirMembersBytesAndIndentation() throws {
        let source = try JSONSource(Array("[\n  {\"a\": [1, {\"b\": \"x\\\"}\"}], \"c\\u0041\": null, \"d\": -1.5e3}, {\"id\": 7}\n]".utf8))
        let records = try JSONRecord.records(in: source, array: source.root)
        #expect(records.map(\.column) == [2, 0])
        #expect(records[0].members.map(\.key) == ["a", "cA", "d"])
        #expect(String(decoding: source.bytes[records[0].members[0].value], as: UTF8.self) == #"[1, {"b": "x\"}"}]"#)
        #expect(records[0].text(atPath: "d") == "-1.5e3")
        #expect(records[0].text(atPath: "cA") == nil)
        #expect(records[0].allStrings() == ["x\"}"])
        #expect(records[1].id == 7)
        #expect(String(decoding: records[1].bytes, as: UTF8.self) == #"{"id": 7}"#)
    }

    @Test func recordsMustBeObjectsInAnArray() throws {
        let source = try JSONSource(Array("[1]".utf8))
        #expect(throws: JSONShapeError(expected: .object, found: .number)) {
            try JSONRecord.records(in: source, array: source.root)
        }
        let number = try #require(source.root[0])
        #expect(throws: JSONShapeError(expected: .array, found: .number)) {
            try JSONRecord.records(in: source, array: number)
        }
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
