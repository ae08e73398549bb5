import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSON numbers and paths")
struct JSONNumberAndPathTests {
    @Test("integers convert exactly within Int64 and UInt64, nil beyond")
    func integers() throws {
        let document = try JSONDocument(parsing: "[0,-0,9223372036854775807,-9223372036854775808,9223372036854775808,18446744073709551615,18446744073709551616,1.0,1e2,-5]")
        let values = Array(document.root.elements)
        #expect(values.map(\.int64) == [0, 0, .max, .min, nil, nil, nil, nil, nil, -5])
        #expect(values.map(\.uint64) == [0, 0, 9_223_372_036_854_775_807, nil, 9_223_372_036_854_775_808, .max, nil, nil, nil, nil])
        #expect(values.map(\.isInteger) == [true, true, true, true, true, true, true, false, false, true])
        #expect(values[7].numberText == "1.0" && values[8].numberText == "1e2")
    }

    @Test("doubles match the standard library's conversion of the same text")
    func doubles() throws {
        var random = RandomJSON(seed: 42)
        var texts = ["0.1", "-0.0", "1e22", "1e23", "9007199254740993", "2.2250738585072014e-308", "5e-324",
                     "1.7976931348623157e308", "123456789012345678901234567890", "0.000001", "4.35", "1E-7"]
        for _ in 0..<2_000 { texts.append(random.number()) }
        let document = try JSONDocument(parsing: "[" + texts.joined(separator: ",") + "]")
        for (text, node) in zip(texts, document.root.elements) {
            let expected = Double(text)!
            let underflows = expected == 0 && text.prefix { $0 != "e" && $0 != "E" }.contains { "123456789".contains($0) }
            if expected.isFinite && !underflows {
                #expect(node.double?.bitPattern == expected.bitPattern, "\(text)")
            } else {
                #expect(node.double == nil, "\(text)")
            }
        }
    }

    @Test("numbers beyond Double keep their text; double refuses them as JSONDecoder does")
    func hugeNumbers() throws {
        let texts = ["1e400", "-1e400", "1e-400", "2.4e-324", "1.7976931348623159e308", "5e-324", "0e-400", "-0.0"]
        let document = try JSONDocument(parsing: "[" + texts.joined(separator: ",") + "]")
        let values = Array(document.root.elements)
        #expect(values.map(\.numberText) == texts)
        for (text, node) in zip(texts, values) {
            let reference = try? JSONDecoder().decode(Double.self, from: Data(text.utf8))
            #expect(node.double?.bitPattern == reference?.bitPattern, "\(text)")
        }
        #expect(values[5].double == 5e-324 && values[7].double?.sign == .minus)
    }

    static func document() throws -> JSONDocument {
        try JSONDocument(parsing: #"{"data":{"items":[{"name":"a"},{"name":"b","tags":["x"]}],"n":1},"a.b":2}"#)
    }

    @Test("paths reach nested members and elements", arguments: [
        ("data.items[1].name", #""b""#), ("data.items[1].tags[0]", #""x""#), ("$.data.n", "1"),
        ("", #"{"data":{"items":[{"name":"a"},{"name":"b","tags":["x"]}],"n":1},"a.b":2}"#),
        (#"["a.b"]"#, "2"), ("data.items", #"[{"name":"a"},{"name":"b","tags":["x"]}]"#),
    ])
    func paths(path: String, expected: String) throws {
        let node = try Self.document().root.node(at: path)
        #expect(ReferenceValue(node) == (try ReferenceValue.foundation(expected)))
    }

    @Test("a failed path names the missing step", arguments: [
        ("data.item", "no member 'item' in the object at 'data'"),
        ("data.items[5]", "index [5] is out of range: the array at 'data.items' has 2 elements"),
        ("data.n.x", "expected an object at 'data.n' to look up 'x', found a number"),
        ("data[0]", "expected an array at 'data' to take element [0], found an object"),
        ("nope", "no member 'nope' in the object at the top level"),
        ("data..n", "expected a member name after '.' in path 'data..n'"),
        ("data[x]", "expected an index or a quoted name in '[x]' in path 'data[x]'"),
        ("data[1", "expected ']' to close '[' in path 'data[1'"),
        ("data[0]x", "expected '.' or '[' before 'x' in path 'data[0]x'"),
    ])
    func pathErrors(path: String, message: String) throws {
        let root = try Self.document().root
        #expect(throws: JSONPathError(message: message)) { try root.node(at: path) }
    }
}
