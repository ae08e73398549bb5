import Foundation
import Testing
import WorkbenchKit
@testable import REPL

/// The Swift text `save` writes for request commands: literals that mean exactly the typed value.
@Suite struct RequestStatementTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", ##"#"say "hi""#"##),
        ("back\\slash", ##"#"back\slash"#"##),
        ("two\nlines", #""two\nlines""#),
        ("café 😀", #""café 😀""#),
        ("tab\there", #""tab\there""#),
    ])
    func stringLiterals(text: String, expected: String) {
        #expect(SwiftLiteral.string(text, interpolating: WorkbenchEnvironment.repl.interpolationEnds) == expected)
    }

    @Test(arguments: [
        (JSONField.string("1"), #""1""#), (.json("1"), "1"), (.json("-0"), #".json("-0")"#), (.json("2.50"), #".json("2.50")"#),
        (.json("true"), "true"), (.json("null"), "nil"), (.json("[1, 2]"), #".json("[1, 2]")"#),
    ])
    func jsonFieldLiterals(field: JSONField, expected: String) {
        #expect(SwiftLiteral.field(field, interpolating: WorkbenchEnvironment.repl.interpolationEnds) == expected)
    }

    @Test(arguments: [
        ("query a=1 -b flag", [#"wb.query("a", "1")"#, #"wb.removeQuery("b")"#, #"wb.query("flag", nil)"#]),
        ("header -Accept", [#"wb.removeHeader("Accept")"#]),
        ("body @post.json", [#"try wb.body(file: "post.json")"#]),
        ("body --clear", ["wb.removeBody()"]),
        ("set timeout 5", ["wb.timeout = 5.0"]),
        ("set redirects off", ["wb.followRedirects = false"]),
        ("set color off", ["wb.console.colors = false"]),
        ("head https://h/x A:b", [#"try await wb.head("https://h/x", headers: ["A": "b"])"#]),
        ("patch /p/1 n:=[1] t=x", [#"try await wb.patch("/p/1", json: ["n": .json("[1]"), "t": "x"])"#]),
        ("method", ["print(wb.request.method)"]),
        ("path", ["wb.path()"]),
    ])
    @MainActor func statements(line: String, expected: [String]) throws {
        let session = Session(console: Console(capturingWithColors: false), isInteractive: false)
        let statements = try #require(try session.commands.invocation(of: line)?.statements())
        #expect(statements.map { $0.swiftSource(interpolating: session.interpolationEnds) } == expected)
    }
}
