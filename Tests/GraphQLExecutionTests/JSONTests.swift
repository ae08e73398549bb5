import Foundation
import Testing
@testable import GraphQLExecution

/// The ordered JSON value behind variables and responses: parsing, writing, Foundation's values.
@Suite struct JSONTests {
    @Test func parsingKeepsMemberOrderAndDecodesEscapes() throws {
        let value = try GraphQLJSONValue.parse(#" {"b": [1, -2.5e3, true, null], "a": "x\"\\\/\n\t\u00e9\ud83d\ude00é"} "#)
        #expect(value == .object([
            ("b", .list([.int(1), .double(-2500), .bool(true), .null])),
            ("a", .string("x\"\\/\n\té😀é")),
        ]))
        #expect(value != .object([("a", .string("x\"\\/\n\té😀é")), ("b", .list([.int(1), .double(-2500), .bool(true), .null]))]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\u{1}\"", "tru", "{} x", "\"\\x\""])
    func parsingRefusesInvalidJSON(_ text: String) {
        #expect(throws: GraphQLJSONSyntaxError.self) { try GraphQLJSONValue.parse(text) }
    }

    @Test func writingEscapesWhatJSONRequiresOnly() {
        var writer = GraphQLJSONWriter()
        writer.write(.object([("k\"ey", .list([.string("é🙂 \u{1}\u{8}\u{C}\r\n\t\\/"), .int(-7), .double(0.5), .double(.nan)]))]))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"k\"ey":["é🙂 \u0001\b\f\r\n\t\\/",-7,0.5,null]}"#)
    }

    @Test func foundationValuesTellBooleansFromNumbers() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"f": false, "one": 1, "half": 0.5, "list": ["x", null]}"#.utf8))
        #expect(GraphQLJSONValue(foundation: object) == .object([
            ("f", .bool(false)), ("half", .double(0.5)), ("list", .list([.string("x"), .null])), ("one", .int(1)),
        ]))
    }
}
