import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import Testing
import WorkbenchScript

/// Whether Swift typed at the prompt is a whole input: about a hundred inputs, each listed with the
/// answer it must get, which the prompt's rule (`SwiftCompleteness`) and swift-syntax's diagnostics,
/// read here on their own, must both give.
@Suite struct SwiftCompletenessTests {
    /// Inputs that run as they are (and fail with the parser's error when they are wrong).
    static let whole: [String] = [
        "", "   ", "\n\n", "help", "nosuch", "let x = 1", "import Foundation", "return",
        // Raw strings: a `\` is text unless followed by as many `#` as the string has.
        ##"let s = #"\"#"##, ##"let s = #"\\"#"##, ##"let s = #"\"#; print(s)"##, ##"let s = #"a"b"#"##,
        ###"let s = ##"a"#b"##"###, ###"let s = ##"\#(x)"##"###, ###"let s = ##"\##(x)"##"###,
        ##"let s = #"\#(a)"#"##, ##"let s = #"\("#"##,
        // Interpolation, nested and holding brackets and quotes.
        #"print("\(a["\(b)"])")"#, #""\(a["\(b)"])""#, #"let s = "\("(")""#, #"let s = "\(d[")"]) \(f("a)b"))""#,
        #"let s = "\\(x)""#, #"let s = "a \" {""#, #"let s = "{""#, #"let s = "a" + "b""#,
        // Comments: nested block comments, brackets in line comments.
        "/* /* nested */ */ let a = 1", "/* /* nested */ */", "let a = 1 // [ { (", "// {",
        "let a = [ /* ] */ ]", "struct A { /* } */ }", "/* \" */ let a = 1", "let a = 1 /* { */",
        // Multi-line strings, closed.
        "let s = \"\"\"\nabc\n\"\"\"", "let s = \"\"\"\n  { [ (\n  \"\"\"", "let s = \"\"\"\n\\(x) \"\" \"\n\"\"\"",
        "let s = \"\"\"\na\n\"\"\"\"", "let a = \"\"\"\nx\n\"\"\"\nlet b = 1",
        // Regex literals, with brackets and slashes inside.
        "let r = /[a-z]+/", "let r = #/[(]/#", "let r = #/a/b/#", "let r = /\\d+ [\\]]/",
        // Closers too many or of the wrong kind: the parser reports them.
        "print(1))", "}", "]", ")", "let a = [1, 2)", "let a = (1]", "struct A {\n}\n}", "let a = [1, 2]]",
        // A one-line string left open on an earlier line cannot be mended by a later one.
        "let s = \"open\nclosed\"", "let s = \"open\nlet t = 1", "\"\\(post\".tii[[[[sEmpty) ;",
        // Everything closed, over one or several lines.
        "let xs = [1,\n2]", "f(\n1,\n2\n)", "struct Post: Codable {\n  let id: Int\n}",
        "struct Post {\n  let id: Int\n\n  let title: String\n}", "[1, 2, 3].map { $0 * 2 }",
        "posts.filter { $0.userId == 1 }.map(\\.title)", "let c = { (x: Int) -> Int in x + 1 }",
        "let c = { x in\n  x + 1\n}", "if x { print(1) } else { print(2) }", "enum E { case a, b }",
        "switch x {\ncase 1: print(1)\ndefault: break\n}", "do {\n  try f()\n} catch {\n  print(error)\n}",
        "for i in 0..<3 {\n  print(i)\n}", "let a = 1; let b = 2", "#if DEBUG\nlet a = 1\n#endif",
        "@MainActor func f() {}", "let a = [\n  [1, 2],\n  [3, 4]\n]", "let d: [String: [Int]] = [:]",
        "foo bar", "x!", "a + b", "let t = (1, 2)", "func f()",
    ]

    /// Valid beginnings that end too early: the prompt reads another line.
    static let beginnings: [String] = [
        // Brackets open.
        "struct Post: Codable {", "struct Post {\n  let id: Int\n\n", "foo(", "let a: [Int", "let xs = [1,",
        "let xs = [1,\n2,", "let d = [\n\"a\": 1,", "let t = (1,", "func f() {", "func f(a: Int,",
        "extension Post {", "protocol P {\n  func f()", "[1, 2, 3].map {", "let c = { $0",
        "let c = { x in\n  x + 1", "posts.filter { $0.id == 1 }.map(",
        // Brackets hidden by a comment.
        "struct A { // }", "struct A { /* } */", "let a = [ // ]", "let a = [ /* ] */",
        // Comments, strings and regexes left open at the end.
        "/* open", "/* /* nested */ still open", "let s = \"open", "print(\"a", "print(\"a\")\nprint(\"b",
        "let s = \"\"\"\n{", "let s = \"\"\"\n  abc", "let s = \"\"\"\nabc\n\"\"", "let a = \"\"\"\nx\n\"\"\"\nlet b = \"\"\"\ny",
        #"let s = #"\""#, ##"let s = ##"a"#"##, ##"let s = #"\#(a"##, #"print("\(a"#, #"print("\(a["\(b)"]"#,
        #"let s = "a\("#, "let r = #/a",
        // A statement without its body.
        "if x", "if x {", "if x {\n} else", "while true", "for i in xs", "guard let x = y else",
        "switch x {\ncase 1:", "do {", "#if DEBUG", "class C:",
        // An operator, `=`, `.` or a keyword waiting for what comes after it.
        "let x =", "1 +", "let total = a +\n", "a &&", "x.", "x ? 1 :", "try", "let f: (Int) ->",
        "enum E { case a,", "import",
    ]

    @Test(arguments: whole)
    func aWholeInputRuns(_ source: String) {
        #expect(!SwiftCompleteness.endsTooEarly(source), "\(source.debugDescription)")
        #expect(!Self.diagnosticsSayIncomplete(source), "swift-syntax: \(source.debugDescription)")
    }

    @Test(arguments: beginnings)
    func aBeginningReadsAnotherLine(_ source: String) {
        #expect(SwiftCompleteness.endsTooEarly(source), "\(source.debugDescription)")
        #expect(Self.diagnosticsSayIncomplete(source), "swift-syntax: \(source.debugDescription)")
    }

    /// Nesting the parser is not given is complete, so that the guard's error shows at once.
    @Test func tooDeepToParseIsComplete() {
        #expect(!SwiftCompleteness.endsTooEarly(String(repeating: "[", count: 1000)))
        let limit = FirstSyntaxError.bracketNestingLimit
        #expect(!SwiftCompleteness.endsTooEarly("let a = " + String(repeating: "[", count: limit + 1)))
        #expect(SwiftCompleteness.endsTooEarly("let a = " + String(repeating: "[", count: limit)))
    }

    /// Asked line by line with the input so far, as the line editor asks (and the checker parses
    /// only what each line changed), every answer is the one a whole parse gives.
    @Test func lineByLineAgreesWithAWholeParse() {
        let checker = SwiftCompleteness()
        let nesting = "let a =\n" + Array(repeating: "[", count: FirstSyntaxError.bracketNestingLimit + 2).joined(separator: "\n")
        let declaration = "struct Big: Codable {\n" + (0..<50).map { "    let p\($0): [String: [Int]]?" }.joined(separator: "\n") + "\n}"
        for source in Self.whole + Self.beginnings + [nesting, declaration] where source.contains("\n") {
            var lines: [Substring] = []
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line)
                let text = lines.joined(separator: "\n")
                #expect(checker.endsTooEarly(text) == SwiftCompleteness.endsTooEarly(text), "\(text.debugDescription)")
            }
        }
        #expect(!checker.endsTooEarly(nesting))
        #expect(!checker.endsTooEarly(declaration))
    }

    /// Past `parsedAtEveryLine`, a line that leaves a bracket or a `"""` open is answered from the
    /// lexer alone, most of the time: every answer is still the one a whole parse gives (sampled),
    /// the last line included, for the shapes a long paste takes.
    @Test(arguments: longPastes)
    func aLongPasteAgreesWithAWholeParse(_ source: String) {
        #expect(source.utf8.count > SwiftCompleteness.parsedAtEveryLine * 5 / 4)
        let checker = SwiftCompleteness()
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for end in 1...lines.count {
            let text = lines[..<end].joined(separator: "\n")
            let answer = checker.endsTooEarly(text)
            if end % 100 == 0 || end >= lines.count - 1 {
                #expect(answer == SwiftCompleteness.endsTooEarly(text), "line \(end)")
            }
            #expect(answer == (end < lines.count), "line \(end)")
        }
    }

    static let longPastes: [String] = {
        // 300 lines of 70 to 100 bytes: a quarter or more past `parsedAtEveryLine`.
        let members = (0..<300).map { "    let property\($0): [String: Int] = [\"key\": \($0)] // a pasted member of a big struct" }
        let document = (0..<300).map { "  {\"id\": \($0), \"title\": \"item \($0) of a pasted document\", \"done\": false, \"tags\": []}," }
        let rows = (0..<300).map { "    (id: \($0), title: \"row \($0) of a pasted table of tuples\", tags: [\"a\", \"b\"])," }
        let body = (0..<300).map { "    print(\"line \($0) of a pasted function body, twice that is \\(\($0) * 2)\")" }
        return [
            (["struct Big: Codable {"] + members + ["}"]).joined(separator: "\n"),
            (["let json = \"\"\"", "["] + document + ["]", "\"\"\""]).joined(separator: "\n"),
            (["let rows = ["] + rows + ["]"]).joined(separator: "\n"),
            (["func big() {"] + body + ["}"]).joined(separator: "\n"),
        ]
    }()

    /// An error in a long paste still ends the input, at most an eighth of what was read later.
    @Test func anErrorInALongPasteEndsIt() throws {
        let lines = ["struct Big {"] + (0..<300).map { $0 == 250 ? "    let = 3" : "    let property\($0): [String: Int] = [\"key\": \($0)] // a pasted member" } + ["}"]
        let checker = SwiftCompleteness()
        let ended = (1...lines.count).first { !checker.endsTooEarly(lines[..<$0].joined(separator: "\n")) }
        let errorLine = 252, byError = try #require(ended)
        #expect(byError >= errorLine && byError <= errorLine + errorLine / 8 + 1, "ended at line \(byError)")
    }

    /// swift-syntax's answer from its diagnostics alone, read as a person reads them: each one says
    /// what it expected where nothing but trivia follows the last token (`expected '}' to end
    /// struct`, `expected expression after 'try'`), or that a `/*` is never closed.
    static func diagnosticsSayIncomplete(_ source: String) -> Bool {
        let tree = Parser.parse(source: source)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard !diagnostics.isEmpty else { return false }
        let endOfCode = tree.endOfFileToken.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia
            ?? AbsolutePosition(utf8Offset: 0)
        return diagnostics.allSatisfy { diagnostic in
            diagnostic.diagMessage.diagnosticID == MessageID(domain: "SwiftLexer", id: "StaticTokenError.unterminatedBlockComment")
                || diagnostic.message.hasPrefix("expected ") && diagnostic.position >= endOfCode
        }
    }
}
