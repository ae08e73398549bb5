import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSONNode.byteRange and JSONString")
struct JSONNodeByteRangeTests {
    /// Every node of a document, containers before their children, keys left out.
    private func allNodes(_ node: JSONNode) -> [JSONNode] {
        var nodes = [node]
        for element in node.elements { nodes += allNodes(element) }
        for (_, value) in node.members { nodes += allNodes(value) }
        return nodes
    }

    @Test("every value's bytes re-parse to the same value and carry no surrounding whitespace",
          arguments: JSONDocumentTests.nastyButValid + [
              #" { "a" : [ 1 , { "b" : "x\"]}" } ] , "c\u0041" : null , "d" : -1.5e3 } "#,
              "[[], [[]], {\"e\": {}}, [{}, []], \"]\", [\"[\", {\"k\": \"}\"}]]",
              "\n[\n  {\n    \"id\": 1,\n    \"tags\": [\n      \"a\"\n    ]\n  },\n  {}\n]\n",
          ])
    func rangesCoverExactlyTheValue(_ text: String) throws {
        let bytes = Array(text.utf8)
        let document = try JSONDocument(parsing: bytes)
        for node in allNodes(document.root) {
            let slice = Array(bytes[node.byteRange])
            #expect(ReferenceValue(try JSONDocument(parsing: slice).root) == ReferenceValue(node))
            let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
            #expect(!whitespace.contains(slice.first ?? 0x20) && !whitespace.contains(slice.last ?? 0x20))
        }
    }

    @Test("ranges name the bytes as written")
    func rangesAsWritten() throws {
        let text = #"{"a": [1, {"b": "x\"}"}], "c": [ [ ] ], "d": -1.5e3, "e": true}"#
        let bytes = Array(text.utf8)
        let root = try JSONDocument(parsing: bytes).root
        func written(_ node: JSONNode?) -> String? { node.map { String(decoding: bytes[$0.byteRange], as: UTF8.self) } }
        #expect(root.byteRange == 0..<bytes.count)
        #expect(written(root.member("a")) == #"[1, {"b": "x\"}"}]"#)
        #expect(written(root.member("a")?[1]?.member("b")) == #""x\"}""#)
        #expect(written(root.member("c")) == "[ [ ] ]")
        #expect(written(root.member("c")?[0]) == "[ ]")
        #expect(written(root.member("d")) == "-1.5e3")
        #expect(written(root.member("e")) == "true")
    }

    @Test("trailing commas stay inside their container's range")
    func trailingCommas() throws {
        let bytes = Array(#"[1, [2, {"a": [],},], ]"#.utf8)
        let root = try JSONDocument(parsing: bytes, options: .trailingCommas).root
        #expect(String(decoding: bytes[root.byteRange], as: UTF8.self) == #"[1, [2, {"a": [],},], ]"#)
        #expect(root[1].map { String(decoding: bytes[$0.byteRange], as: UTF8.self) } == #"[2, {"a": [],},]"#)
    }

    @Test("quoted text reads back as the same string, control characters escaped",
          arguments: ["", "plain", "a\"b\\c", "tab\there\nnew\rline", "\u{00}\u{01}\u{1F}", "é日本😀", "/ and \u{7F}"])
    func quotingRoundTrips(_ text: String) throws {
        let literal = JSONString.quoted(text)
        #expect(try JSONDocument(parsing: literal).root.string == text)
        #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text)
        #expect(!literal.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 })
    }

    @Test func quotingMatchesTheUsualEscapes() {
        #expect(JSONString.quoted("a\"b\\c\n\u{01}é") == #""a\"b\\c\n\u0001é""#)
    }
}
