import ModelRuntime
import Testing
@testable import WorkbenchScript

/// Every way a declaration is refused, with its one-line message (or compiler-style excerpt).
@Suite struct DeclarationErrorTests {
    struct ErrorCase: Sendable, CustomStringConvertible {
        let source: String
        let expected: String
        var description: String { source }
    }

    static let cases: [ErrorCase] = [
        .init(source: "class A {}", expected: "1:1: 'class' is not supported yet; declare a struct or an enum"),
        .init(source: "protocol P {}", expected: "1:1: 'protocol' is not supported yet; declare a struct or an enum"),
        .init(source: "extension A {}", expected: "1:1: 'extension' is not supported yet; declare a struct or an enum"),
        .init(source: "struct A<T>: Codable { let t: T }",
              expected: "1:1: generic type 'A<T>' is not supported yet"),
        .init(source: "struct A: Codable {\n  init(from decoder: Decoder) throws { }\n}",
              expected: "2:3: a custom 'init(from:)' in 'A' is not supported yet"),
        .init(source: "struct A: Codable {\n  @Clamped var x: Int\n}",
              expected: "2:3: property wrapper '@Clamped' is not supported yet"),
        .init(source: "struct A: Codable { lazy var x: Int = 1 }",
              expected: "1:21: 'lazy' properties are not supported yet"),
        .init(source: "struct A: Codable { class B {} }",
              expected: "1:21: 'class' inside 'A' is not supported yet"),
        .init(source: "enum E: String, Codable { case a(Int) }",
              expected: "1:32: enum case 'a' with associated values is not supported yet"),
        .init(source: "enum E: Codable { case a }",
              expected: "1:1: enum 'E' needs a raw type (String or Int) to be decoded here; enums without one are not supported yet"),
        .init(source: "enum E: Double, Codable { case a }",
              expected: "1:9: raw type 'Double' is not supported yet; use String or Int"),
        .init(source: "enum E: String, Codable {\n  case a = 1\n}",
              expected: "2:1: cannot convert value of type 'Int' to raw type 'String'"),
        .init(source: "enum E: Int, Codable {\n  case a = 1, b = 1\n}",
              expected: "2:1: raw value for enum case 'b' is not unique"),
        .init(source: "struct K: Codable { let x: Int }\nstruct A: Codable {\n  let m: [K: Int]\n}",
              expected: "3:1: type 'K' does not conform to protocol 'Hashable'"),
        .init(source: "struct K: Codable, Hashable, CodingKeyRepresentable { let x: Int }",
              expected: "1:1: type 'K' does not conform to protocol 'CodingKeyRepresentable'"),
        .init(source: "enum E: Int8, Codable, CodingKeyRepresentable { case a }",
              expected: "1:1: type 'E' does not conform to protocol 'CodingKeyRepresentable'"),
        .init(source: "struct A: Codable {\n  let x: (Int, Int)\n}", expected: "2:10: type '(Int, Int)' is not supported yet"),
        .init(source: "struct A: Codable {\n  let x: Set<Int>\n}", expected: "2:10: generic type 'Set<Int>' is not supported yet"),
        .init(source: "struct A: Codable {\n  let x: Int = \"s\"\n}",
              expected: "2:1: cannot convert value of type 'String' to specified type 'Int'"),
        .init(source: "struct A: Codable {\n  let x: Int\n  let x: String\n}", expected: "3:1: invalid redeclaration of 'x'"),
        .init(source: "struct A {}\nstruct A {}", expected: "2:1: invalid redeclaration of 'A'"),
        .init(source: "struct N {}\nstruct A: Codable {\n  let n: N\n}",
              expected: "3:1: type 'A' does not conform to protocol 'Decodable': cannot automatically synthesize 'Decodable' because 'N' does not conform to 'Decodable'"),
        .init(source: "struct A: Codable {\n  let a: Int\n  let b: Int\n  enum CodingKeys: String, CodingKey { case a }\n}",
              expected: "3:1: type 'A' does not conform to protocol 'Decodable': cannot automatically synthesize 'Decodable' because 'b' does not have a matching CodingKey and does not have a default value"),
        .init(source: "struct A: Codable {\n  let a: Int\n  enum CodingKeys: String, CodingKey { case a, zz }\n}",
              expected: "1:1: type 'A' does not conform to protocol 'Decodable': CodingKey case 'zz' does not match any stored properties"),
        .init(source: "struct A: Codable {\n  var x: Int { didSet { } }\n}",
              expected: "2:14: property observers on 'x' are not supported yet"),
        .init(source: "struct Date: Codable { let day: Int }",
              expected: "1:1: 'Date' would hide Swift's own type of that name; choose another name"),
        .init(source: "struct A: Codable {\n  enum URL: String, Codable { case a }\n}",
              expected: "2:1: 'URL' would hide Swift's own type of that name; choose another name"),
        .init(source: "print(1)", expected: "1:1: 'print(1)' is not a declaration"),
        .init(source: "struct A: Codable {\n  let x: Int = f()\n}",
              expected: "2:16: default value 'f()' is not supported yet; use a literal"),
        .init(source: "struct A: Codable {\n  let x: Int\n", expected: """
            2:13: expected '}' to end struct
              let x: Int
                        ^
            """),
        .init(source: "struct A: Codable {\n  let x:\n}", expected: """
            2:9: expected type in type annotation
              let x:
                    ^
            """),
    ]

    @Test(arguments: cases)
    func refusesWithAClearMessage(_ errorCase: ErrorCase) {
        var registry = ModelRegistry()
        do {
            try registry.define(try DeclarationParser.parse(errorCase.source))
            Issue.record("accepted: \(errorCase.source)")
        } catch {
            #expect(error.description == errorCase.expected)
        }
    }

    @Test func redeclaringATypeReplacesIt() throws {
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse("struct P: Codable { let a: Int }"))
        try registry.define(try DeclarationParser.parse("struct P: Codable { let b: String }"))
        #expect(registry.declarations.count == 1)
        #expect(registry.declaration(named: "P")?.properties.map(\.name) == ["b"])
    }

    @Test func aNameNotDeclaredYetIsAcceptedAndReportedWhenDecoding() throws {
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse("struct A: Codable {\n  let b: [B]\n}"))
        #expect(throws: ModelTypeError.self) { try registry.resolveForDecoding(.named("A")) }
        try registry.define(try DeclarationParser.parse("struct B: Codable { let x: Int }"))
        _ = try registry.resolveForDecoding(.named("A"))
    }

    @Test func aNonDecodableTypeCannotBeDecoded() throws {
        var registry = ModelRegistry()
        try registry.define(try DeclarationParser.parse("struct Plain { let a: Int }"))
        #expect(throws: ModelTypeError("instance method 'decode(_:from:)' requires that 'Plain' conform to 'Decodable'")) {
            try registry.resolveForDecoding(.array(.named("Plain")))
        }
    }
}
