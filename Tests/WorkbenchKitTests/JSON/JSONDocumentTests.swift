import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSONDocument")
struct JSONDocumentTests {
    static let nastyButValid: [String] = [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
        #"[]"#, #"{}"#, #"[[],{},[{}],{"a":[]}]"#, #"  [ 1 , 2 ]  "#, "\t\r\n[\n1\r\n]\n",
        #""plain""#, "42", "-0", "0.5", "-12.75e-3", "1E+2", "true", "null",
        #""\u00e9\u65e5\ud83d\ude00""#, #""\"\\\/\b\f\n\r\t""#, #""\u0000 and \u001f""#,
        #""é日本😀 raw""#, #"{"":""}"#, #"{"a":1,"a":2}"#,
        #"[1.7976931348623157e308, 5e-324, 123456789012345678, 0.1, 9007199254740993]"#,
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300),
        "\u{FEFF}[1]",
    ]

    @Test("reads the same values as Foundation's JSONDecoder", arguments: nastyButValid)
    func matchesFoundation(_ text: String) throws {
        let document = try JSONDocument(parsing: text)
        #expect(ReferenceValue(document.root) == (try ReferenceValue.foundation(text)))
    }

    @Test("parses from Data, [UInt8] and String alike, small and large")
    func inputForms() throws {
        for text in [#"{"k":[1,"two",null]}"#, "[" + String(repeating: #"{"k":"value"},"#, count: 100) + "1]"] {
            let fromData = try JSONDocument(parsing: Data(text.utf8))
            let fromBytes = try JSONDocument(parsing: Array(text.utf8))
            let fromString = try JSONDocument(parsing: text)
            #expect(ReferenceValue(fromData.root) == ReferenceValue(fromBytes.root))
            #expect(ReferenceValue(fromData.root) == ReferenceValue(fromString.root))
            #expect(fromData.bytes == Data(text.utf8))
        }
    }

    @Test("reads the same values after its input is overwritten or gone", arguments: [
        #"{"k":[1,"two",null],"é":"\u00e9"}"#,
        "[" + String(repeating: #"{"k":"value","n":12.5},"#, count: 200) + "1]",
    ])
    func outlivesItsInput(_ text: String) throws {
        let expected = try ReferenceValue.foundation(text)
        var data = Data(text.utf8)
        var bytes = Array(text.utf8)
        let fromData = try JSONDocument(parsing: data)
        let fromBytes = try JSONDocument(parsing: bytes)
        data.resetBytes(in: 0..<data.count)
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(ascii: " ")) }
        bytes = []
        #expect(ReferenceValue(fromData.root) == expected)
        #expect(ReferenceValue(fromBytes.root) == expected)
        #expect(fromData.bytes == Data(text.utf8))
        #expect(fromData.root.byteRange == 0..<text.utf8.count)
    }

    @Test("walks objects and arrays without decoding")
    func navigation() throws {
        let document = try JSONDocument(parsing: #"{"users":[{"id":1,"name":"Ann"},{"id":2,"name":"Bo"}],"n":null,"ok":true}"#)
        let root = document.root
        #expect(root.kind == .object)
        #expect(root.count == 3)
        #expect(root.members.map(\.key) == ["users", "n", "ok"])
        let users = try #require(root.member("users"))
        #expect(users.kind == .array && users.count == 2)
        #expect(users[1]?.member("name")?.string == "Bo")
        #expect(users[2] == nil && users[-1] == nil)
        #expect(users.elements.compactMap { $0.member("id")?.int64 } == [1, 2])
        #expect(root.member("n")?.isNull == true)
        #expect(root.member("ok")?.bool == true)
        #expect(root.member("missing") == nil)
        #expect(users.member("id") == nil)
        #expect(root.member("users")?.member("x") == nil)
        #expect(root.member("n")?.string == nil)
        #expect(root.count == 3 && users[0]?.member("id")?.count == 0)
    }

    @Test("the first of duplicate keys wins, as in JSONDecoder")
    func duplicateKeys() throws {
        let document = try JSONDocument(parsing: #"{"a":1,"a":2}"#)
        #expect(document.root.member("a")?.int64 == 1)
        #expect(document.root.members.map(\.key) == ["a", "a"])
    }

    @Test("escaped keys match their decoded text")
    func escapedKeys() throws {
        let document = try JSONDocument(parsing: #"{"caf\u00e9":1,"a\"b":2,"\ud83d\ude00":3}"#)
        #expect(document.root.member("café")?.int64 == 1)
        #expect(document.root.member("a\"b")?.int64 == 2)
        #expect(document.root.member("😀")?.int64 == 3)
        #expect(document.root.member("cafe") == nil)
        var members = document.root.members.makeIterator()
        let key = try #require(members.nextNodes()?.key)
        #expect(key.stringEquals("café"))
        #expect(key.withRawStringBytes { String(decoding: $0, as: UTF8.self) + ($1 ? " escaped" : "") } == #"caf\u00e9 escaped"#)
    }

    @Test("deep nesting is read without recursion limits below 512 levels")
    func deepNesting() throws {
        let depth = 512
        let document = try JSONDocument(parsing: String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        var node = document.root
        for _ in 1..<depth { node = try #require(node[0]) }
        #expect(node[0]?.int64 == 7)
    }

    @Test("foundationCompatible accepts exactly the trailing commas JSONDecoder accepts", arguments: [
        "[1,]", "[1, ]", "[1,\n]", #"{"a":1,}"#, #"{"a":[1,],}"#, "[[1,],]", "[,]", "[1,,]", "{,}", #"{"a":1,,}"#,
        "[1,]x", "1,", "[]", "// c\n1", "[1]//x",
    ])
    func trailingCommas(_ text: String) throws {
        let reference = try? ReferenceValue.foundation(text)
        let lenient = try? JSONDocument(parsing: text, options: .foundationCompatible)
        #expect(lenient.map { ReferenceValue($0.root) } == reference)
        if text.contains(",]") || text.contains(",}") || text.contains(", ]") || text.contains(",\n]") {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
        }
        if let lenient {
            #expect(lenient.root.count == (text.hasPrefix("[[") ? 1 : text == "[]" ? 0 : 1))
        }
    }

    @Test("a document holds one tape entry per value and per key")
    func entryCount() throws {
        #expect(try JSONDocument(parsing: #"{"a":[1,2],"b":null}"#).entryCount == 7)
    }
}
