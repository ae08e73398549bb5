import Foundation
import ModelRuntime
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Inputs `make fuzz` found (Fuzzing/Corpus keeps them too): each once trapped.
@Suite struct FuzzFindingTests {
    /// swift-syntax's diagnostics trapped ("A Fix-It must have at least one change") on a control
    /// character between a binding's name and its `=`; the character is now reported first, as swiftc does.
    @Test func controlCharacterInSwiftIsAnErrorNotATrap() throws {
        #expect(throws: ModelSourceError.self) { try DeclarationParser.parse("struct A {\n    let n \u{1}= 3\n}") }
        let error = try #require(throws: ModelSourceError.self) { try DeclarationParser.parse("let n \u{1}= 3") }
        #expect(error.message == "unprintable ASCII character U+0001 found in source")
        #expect((error.line, error.column) == (1, 7))
        let replay = try #require(throws: ReplayError.self) { try SnippetScript(source: "let n \u{1}= 3", fileName: "s.swift") }
        #expect("\(replay)".contains("1:7"))
    }

    /// A type with 28 unclosed `[` kept swift-syntax's parser busy for hours (its lookahead doubles
    /// the work with each); `[` nested deeper than 16 are reported before parsing. Brackets in
    /// strings and comments do not count.
    @Test func deeplyNestedBracketsAreAnErrorBeforeParsing() throws {
        let source = "struct Node: Codable { let value: D" + String(repeating: "[", count: 28) + "ouble; let children: [Node] }"
        let error = try #require(throws: ModelSourceError.self) { try DeclarationParser.parse(source) }
        #expect(error.message == "'[' nested more than 16 deep: too deep to parse")
        #expect((error.line, error.column) == (1, 36))
        let replay = try #require(throws: ReplayError.self) { try SnippetScript(source: source, fileName: "s.swift") }
        #expect("\(replay)".contains("1:36"))
        let nested = String(repeating: "[", count: 16) + "Int" + String(repeating: "]", count: 16)
        #expect(FirstSyntaxError.beforeParsing("let a: \(nested) = []") == nil)
        #expect(FirstSyntaxError.beforeParsing("let s = \"\(String(repeating: "[", count: 20))\" // [[[[[[[[[[[[[[[[[[[[") == nil)
        #expect(FirstSyntaxError.beforeParsing(String(repeating: "[", count: FirstSyntaxError.bracketNestingLimit)) == nil)
        #expect(FirstSyntaxError.beforeParsing(Array(repeating: "let a = [[1], [2, 3]]", count: 20).joined(separator: "\n")) == nil)
    }

    /// Closed brackets cost the same: swift-syntax reads an 18-deep type in over a second on a release
    /// build (each level tries an InlineArray type first), so the guard measures depth, not what is
    /// left open. `decode` reads a type's sugar itself (`TypeSugar`): 20 deep, as in the report, is read.
    @Test func closedBracketsNestedTooDeepAreAnErrorToo() throws {
        let literal = "let a = " + String(repeating: "[", count: 17) + "1" + String(repeating: "]", count: 17)
        let error = try #require(FirstSyntaxError.beforeParsing(literal))
        #expect((error.line, error.column, error.message) == (1, 9, "'[' nested more than 16 deep: too deep to parse"))
        let type = "let a: " + String(repeating: "[", count: 17) + "Int" + String(repeating: "]", count: 17) + " = []"
        #expect(FirstSyntaxError.beforeParsing(type) != nil)
        let twenty = String(repeating: "[", count: 20) + "Int" + String(repeating: "]", count: 20)
        #expect(FirstSyntaxError.beforeParsing(twenty) != nil)
        #expect(try ModelRegistry.parseType(twenty).source == twenty)
    }

    /// The same trap from U+FFFD (an undecodable byte) or DEL before `=`, in an enum case's raw value.
    @Test(arguments: ["enum L: Int, Decodable { case low \u{FFFD}= 2, high }", "let n \u{7F}= 3"])
    func invalidCharacterInSwiftIsAnErrorNotATrap(_ source: String) throws {
        let error = try #require(throws: ModelSourceError.self) { try DeclarationParser.parse(source) }
        #expect(error.message.contains("character"))
    }

    /// JSONDecoder refuses a Double or Float written `0eN` (one non-zero exponent digit) and takes its
    /// neighbours; the prompt's decoder took them all. JSONDecoder is the reference here.
    @Test(arguments: ["0e3", "0E9", "0e1", "0e0", "0e10", "0e01", "0e+3", "0e-3", "-0e3", "0.0e3", "1e3"])
    func zeroWithExponentDecodesAsJSONDecoderDoes(_ text: String) throws {
        let workspace = ModelWorkspace()
        try workspace.declare("struct D: Codable { let d: Double }\nstruct F: Codable { let f: Float }")
        let data = Data(text.utf8)
        let object = Data(#"{"d": \#(text), "f": \#(text)}"#.utf8)
        struct D: Decodable { let d: Double }
        struct F: Decodable { let f: Float }
        let prompt = ["Double", "Float", "D", "F"].map { type in
            (try? workspace.decodeDocument(type.count == 1 ? object : data, as: type)) != nil
        }
        let foundation = [
            (try? JSONDecoder().decode(Double.self, from: data)) != nil,
            (try? JSONDecoder().decode(Float.self, from: data)) != nil,
            (try? JSONDecoder().decode(D.self, from: object)) != nil,
            (try? JSONDecoder().decode(F.self, from: object)) != nil,
        ]
        #expect(prompt == foundation)
    }

    /// A repeated key in a `[String: Kind]` with snake-case keys: JSONDecoder keeps the first value
    /// but still decodes the later ones (an invalid one fails it); the prompt's decoder skipped them.
    @Test(arguments: [#"{"y": "leaf", "y": "x"}"#, #"{"y": "leaf", "y": "root"}"#, #"{"a_b": "leaf", "aB": "root"}"#])
    func repeatedKeyWithSnakeCaseDecodesAsJSONDecoderDoes(_ text: String) throws {
        enum Kind: String, Decodable { case leaf, root }
        let workspace = ModelWorkspace(moduleName: "M")
        try workspace.declare("enum Kind: String, Codable { case leaf, root }")
        workspace.setBody(Data(text.utf8))
        let prompt = try? workspace.decode("[String: Kind]", options: DecodingOptions(keys: .convertFromSnakeCase))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let reference = try? decoder.decode([String: Kind].self, from: Data(text.utf8))
        #expect((prompt == nil) == (reference == nil))
    }

    /// FuzzHost: an earlier input written with `\r\n` or a lone `\r` (a snippet saved on Windows, a
    /// pasted line) was quoted in a failure up to its first `\n`, so the line held a carriage return
    /// (`\r\n` is one `Character`, never equal to `\n`).
    @Test(arguments: ["let a = 1\r\nlet b = 2", "let a = 1\rlet b = 2", "let a = 1\nlet b = 2"])
    func anEarlierInputIsQuotedUpToAnyLineBreak(_ source: String) {
        #expect(ProgramUnit(source).firstLine == "let a = 1")
    }

    /// FuzzHost: standard error written with `\r\n` (by the input before it trapped, or a compiler)
    /// was read as one line, so the trap's message went on with the rest of the output.
    @Test func standardErrorIsReadLineByLineWhateverItsLineBreaks() {
        let errors = "partial\r\nSwift/Array.swift:12: Fatal error: Index out of range\r\nmore output\r\n"
        #expect(FailureLine.trapMessage(errors) == "Fatal error: Index out of range")
        #expect(FailureLine.lines("ld: cannot find -lfoo\r\nsecond\r\n") == ["ld: cannot find -lfoo", "second"])
    }

    /// FuzzHost: an error thrown at the top level whose description spans lines, and the host's own
    /// messages, were printed as they were: a failure took several lines.
    @Test func aFailureQuotingSeveralLinesIsOneLine() {
        var run = HostRun(ending: .returned(1))
        run.events = [.live, .thrown("first\nsecond\r\nthird")]
        #expect(run.failureLine == "error: first⏎second⏎third")
        #expect(HostRun(ending: .load("cannot open\nlib.so")).failureLine == "error: the Swift host could not load the input: cannot open⏎lib.so")
        #expect(HostRun(ending: .setup("error: a\rb")).failureLine == "error: a⏎b")
    }

    /// FuzzDeclarations: a type spelling with many unclosed `[` (what `decode` reads) went to
    /// swift-syntax unguarded, whose lookahead doubles per bracket; it is refused before parsing.
    @Test func aTypeWithManyUnclosedBracketsIsAnErrorBeforeParsing() throws {
        let spelling = String(repeating: "[", count: 28) + "Node"
        let error = try #require(throws: ModelTypeError.self) { try ModelRegistry.parseType(spelling) }
        #expect("\(error)".contains("'[' nested more than 16 deep"))
        #expect((try? ModelRegistry.parseType("[[[[[[[[[Int]]]]]]]]]")) != nil)
    }

    /// FuzzDeclarations: a `"` left open hid the unclosed `[` of every later line from the guard, while
    /// swift-syntax ends the string with its line and parsed them for hours. A `"""` string still
    /// hides what it holds, over lines.
    @Test func anUnclosedStringEndsWithItsLineForTheBracketGuard() throws {
        let brackets = String(repeating: "[", count: 28)
        let error = try #require(FirstSyntaxError.beforeParsing("struct A { let c\"x: Int }\nlet b: \(brackets)Node }"))
        #expect(error.message == "'[' nested more than 16 deep: too deep to parse")
        #expect((error.line, error.column) == (2, 8))
        #expect(FirstSyntaxError.beforeParsing("let a = \"x\r\n\(brackets)") != nil)
        #expect(FirstSyntaxError.beforeParsing("let s = \"\"\"\n\(brackets)\n\"\" \\\"\"\" more \(brackets)\n\"\"\"") == nil)
        #expect(FirstSyntaxError.beforeParsing("let s = \"\(brackets)\" // \(brackets)\nlet t = \"\"") == nil)
        #expect(throws: ModelSourceError.self) { try DeclarationParser.parse("struct A { let c\"x: Int }\nstruct B { let b: \(brackets)Node }") }
    }

    /// FuzzExpressions: what a `\(…)` in a string holds is code swift-syntax parses, but the guard
    /// skipped it with the string, so its unclosed `[` ran for hours. Brackets in the string's own
    /// text, before and after the `\(…)`, still do not count.
    @Test func bracketsInAnInterpolationCount() throws {
        let brackets = String(repeating: "[", count: 20)
        let error = try #require(FirstSyntaxError.beforeParsing("print(\"a\\(f(x\(brackets)"))
        #expect(error.message == "'[' nested more than 16 deep: too deep to parse")
        #expect(FirstSyntaxError.beforeParsing("print(\"\(brackets) \\(f(x)) \(brackets)\")") == nil)
        #expect(FirstSyntaxError.beforeParsing("print(\"\\(\"\(brackets)\") \(brackets)\")") == nil)
        #expect(FirstSyntaxError.beforeParsing("let s = \"\"\"\n\\(a[0]) \(brackets)\n\"\"\"") == nil)
    }

    /// FuzzExpressions: in `"\(post".tii[[[…`, swift-syntax's parser takes the `"` after `post` for
    /// the end of the string (an identifier cannot be followed by a string literal), so the `[` after
    /// it are code; the guard read them as a string in the `\(…)` and swift-syntax ran past the
    /// fuzzer's 10 s. Where the `\(…)` expects an expression, a `"` still opens a string of its own.
    @Test func aQuoteAfterAnExpressionInAnInterpolationEndsItsString() throws {
        let brackets = String(repeating: "[", count: 58)
        let error = try #require(FirstSyntaxError.beforeParsing("\"\\(post\".tii\(brackets)sEmpty) ;"))
        #expect(error.message == "'[' nested more than 16 deep: too deep to parse")
        #expect((error.line, error.column) == (1, 13))
        #expect(FirstSyntaxError.beforeParsing(#""\(a ")"")"# + brackets) != nil)
        #expect(FirstSyntaxError.beforeParsing("\"\\(a! \"\(brackets)") != nil)
        let line = #"print("\(d["k"]) \(try "[") \(f("[[", x: "[[[")) \("[" + "[")")"#
        #expect(FirstSyntaxError.beforeParsing(Array(repeating: line, count: 20).joined(separator: "\n")) == nil)
    }

    /// Found reading the guard, not by a run: a `"` in a `/* … */` comment, or after a `\(` in a raw
    /// string (text there), hid the `[` after it, and swift-syntax ran for minutes (FuzzDeclarations
    /// timed out on both). A raw string ends only at a `"` with as many `#`; comments nest.
    @Test func commentsAndRawStringsHideNoBrackets() throws {
        let brackets = String(repeating: "[", count: 28)
        let error = try #require(FirstSyntaxError.beforeParsing("/* \" */ let a: \(brackets)Int"))
        #expect((error.line, error.column) == (1, 16))
        #expect(FirstSyntaxError.beforeParsing(##"let s = #"\("#; let a: "## + brackets + "Int") != nil)
        #expect(FirstSyntaxError.beforeParsing(###"let s = #"a"b\#(c[0])"#; let t = ##"x"#y"##"###) == nil)
        #expect(FirstSyntaxError.beforeParsing("/* /* */ \(brackets) */ let a = 1") == nil)
        #expect(FirstSyntaxError.beforeParsing(##"let s = #"\#(a"## + brackets) != nil)
    }

    /// FuzzExpressions: right after the `"""` that closes a `"""` string, a `"` opens a one-line string
    /// (it ends with its line); the guard took it for a `"""` one, as after an empty `""`, and the `[`
    /// of the lines after it ran past the fuzzer's 10 s in swift-syntax.
    @Test func aQuoteRightAfterAClosingTripleQuoteOpensAOneLineString() throws {
        let brackets = String(repeating: "[", count: 28)
        let error = try #require(FirstSyntaxError.beforeParsing("let s = \"\"\"\na\n\"\"\"\"\nlet b: \(brackets)Int"))
        #expect((error.line, error.column) == (4, 8))
        #expect(FirstSyntaxError.beforeParsing("let s = \"\"\"\"\n\(brackets)\n\"\"\"") == nil)  // a `"""` string
        #expect(FirstSyntaxError.beforeParsing("let s = \"a\"\"\"\"\n\(brackets)\n\"\"\"") == nil)  // `"a"`, a `"""` string
    }

    /// FuzzHost: the host's output filtered in pieces rewrote `__wb_in1.` inside a longer identifier
    /// when a piece ended just before it (the byte before was forgotten); whole, it was left alone.
    @Test(arguments: [["_i", "__wb_in1.Post"], ["_i_", "_wb_in1.Post"], ["x", "__wb_in", "1.", "Post"], ["[", "__wb_in1.Post]"]])
    func moduleNamesAreRewrittenInPiecesAsWhole(_ pieces: [String]) {
        var filter = ModuleNameFilter(module: "main")
        let output = pieces.flatMap { filter.feed(Array($0.utf8)) } + filter.flush()
        #expect(String(decoding: output, as: UTF8.self) == ModuleNameFilter.rewrite(pieces.joined(), module: "main"))
    }
}

extension ModelWorkspace {
    /// Decodes `data` as `type` (what `json …` then `decode TYPE` does).
    func decodeDocument(_ data: Data, as type: String) throws -> TypedValue {
        setBody(data)
        return try decode(type)
    }
}
