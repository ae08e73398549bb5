import ModelRuntime
import SwiftSyntax
import Testing
@testable import WorkbenchScript

/// Swift nested deeper than `GuardedParse.depthLimit`. Each shape, a few times deeper, once ended the
/// process with SIGSEGV, in swift-syntax's parser or in a walk after it (docs/ARCHITECTURE.md,
/// "Swift read before parsing").
@Suite struct GuardedParseTests {
    static let tooDeep = [
        String(repeating: "try ", count: 3_000) + "f()",
        "let x: " + String(repeating: "A<", count: 150) + "Int" + String(repeating: ">", count: 150),
        "let y = a" + String(repeating: ".a", count: 3_000),
        "let f: " + String(repeating: "() -> ", count: 1_000) + "Int",
    ]

    @Test(arguments: tooDeep)
    func aTreeTooDeepIsOneError(_ source: String) throws {
        let error = try #require(throws: FirstSyntaxError.self) { try GuardedParse.file(source) }
        #expect(error.message == "nested more than \(GuardedParse.depthLimit) levels deep: too deep to read")
        #expect(error.line == 1 && error.column > 1 && error.column <= source.utf8.count)
        // Not read as a beginning to go on from: it runs at once, and fails with that error.
        #expect(!SwiftCompleteness.endsTooEarly(source + "\n"))
        let replay = try #require(throws: ReplayError.self) { try SnippetScript(source: "print(1)\n" + source, fileName: "s.swift") }
        #expect("\(replay)".contains("s.swift:2:"))
    }

    @Test func aTypeTooDeepIsOneError() throws {
        let type = String(repeating: "Optional<", count: 150) + "Int" + String(repeating: ">", count: 150)
        let error = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(type) }
        #expect(error.message == "nested more than \(GuardedParse.depthLimit) levels deep: too deep to read")
    }

    /// Deep but under the limit: read as usual, on the parse's own thread, and walked after it.
    @Test func aTreeUnderTheLimitIsRead() throws {
        let source = String(repeating: "try ", count: GuardedParse.depthLimit - 10) + "f()"
        let tree = try GuardedParse.file(source)
        #expect(!tree.hasError && tree.description == source)
        #expect(try GuardedParse.type("[String: [Int?]]").description == "[String: [Int?]]")
    }

    /// Generic arguments nested tens of thousands deep took the parser minutes (its time grows with
    /// the square of the depth); now they are refused before it, on the lexer's tokens.
    @Test func genericArgumentsTooDeepAreRefusedBeforeTheParse() throws {
        let source = "let x: " + String(repeating: "A<", count: 30_000) + "Int" + String(repeating: ">", count: 30_000)
        let error = try #require(throws: FirstSyntaxError.self) { try GuardedParse.file(source) }
        #expect((error.line, error.column, error.message) == (1, 9, "'<' nested more than 256 deep: too deep to parse"))
        #expect(!SwiftCompleteness.endsTooEarly(String(source.prefix(40_000))))
        // Comparisons written as a type's `<` are, hundreds on a line, never a nest.
        let comparisons = [
            "let flags = [" + (0..<300).map { "a<\($0)" }.joined(separator: ", ") + "]",
            "let all = " + (0..<300).map { "a<\($0)" }.joined(separator: " && "),
            "let d: " + String(repeating: "Dictionary<String, ", count: 100) + "Int" + String(repeating: ">", count: 100) + "? = nil",
        ]
        for source in comparisons {
            var text = source
            #expect(text.withUTF8(AngleGuard.tooDeep) == nil, "\(source.prefix(40))")
        }
    }

    @Test func positionsCountLinesAndBytes() throws {
        let source = "let s = \"é\"\r\nprint(s)\n" + String(repeating: "try ", count: 1_000) + "f()"
        let error = try #require(throws: FirstSyntaxError.self) { try GuardedParse.file(source) }
        #expect(error.line == 3)
    }
}
