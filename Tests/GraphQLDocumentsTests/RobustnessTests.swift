import GraphQLDocuments
import TestSupport
import Testing

/// Any text at all goes through the lexer, the parser and the completion context without a
/// crash, and a large query parses whole.
@Suite struct RobustnessTests {

    /// Runs everything on the text; checks that what comes back is in range.
    func exercise(_ text: String) {
        var lexer = GraphQLLexer(text)
        let byteCount = text.utf8.count
        for _ in 0...byteCount {
            do {
                let token = try lexer.next()
                #expect(token.utf8Range.upperBound <= byteCount && token.location.line >= 1 && token.location.column >= 1)
                if token.kind == .endOfFile { break }
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1)
                break
            }
        }
        let refusals: [GraphQLSyntaxError?] = [
            Self.refusal { () throws(GraphQLSyntaxError) in _ = try GraphQLParser.parse(text) },
            Self.refusal { () throws(GraphQLSyntaxError) in _ = try GraphQLParser.parseValue(text) },
            Self.refusal { () throws(GraphQLSyntaxError) in _ = try GraphQLParser.parseType(text) },
        ]
        for case let error? in refusals {
            #expect(error.message.isEmpty == false && error.location.line >= 1 && error.location.column >= 1)
        }
        let context = GraphQLCompletionContext(text: text, schema: CountriesSchema.schema)
        _ = context.candidates(schema: CountriesSchema.schema)
    }

    static func refusal(_ attempt: () throws(GraphQLSyntaxError) -> Void) -> GraphQLSyntaxError? {
        do {
            try attempt()
            return nil
        } catch {
            return error
        }
    }

    static let queries = [
        "query Q($c: ID! = \"CO\", $f: CountryFilterInput = {code: {in: [\"CO\"]}}) @live {\n  a: country(code: $c) { name ...F }\r\n  countries(filter: $f) { ... on Country @include(if: true) { capital } }\n}\nfragment F on Country { languages { code rtl } }",
        "{ a(s: \"\"\"\n    block \\\"\"\" string\n  \"\"\", t: \"esc\\u00e9\\u{1F600}\\uD83D\\uDE00 日本\", n: -12.5e+3) # comment\n}",
        "\u{FEFF}mutation { touch(x: [1, 2, {y: null}], z: ENUM) } subscription S { s } type T { a: Int }",
    ]

    @Test(arguments: queries)
    func everyPrefix(_ query: String) {
        let scalars = Array(query.unicodeScalars)
        for length in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<length])
            exercise(String(prefix))
        }
    }

    static let pieces = ["{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "\\", "\\u", "\\u{", "...", "..", ".", "$", "@", ":", "=", "!",
                         "on", "query", "fragment", "type", "extend", "countries", "filter", "code", "0", "1", "-", "e", "#",
                         "\n", "\r", " ", ",", "é", "😀", "\u{FEFF}", "\u{A0}", "'", "%", "&", "|", "true", "null", "D83D"]

    @Test func randomText() {
        var generator = SeededGenerator(state: 20_211_026)
        for round in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let text: String
            if round % 2 == 0 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                text = String(decoding: bytes, as: UTF8.self)
            } else {
                text = (0..<length).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
            exercise(text)
        }
    }

    @Test func deepNesting() {
        for opener in ["{ a ", "[", "{a: ", "(", "query Q($v: [", "{ a(x: ["] {
            exercise(String(repeating: opener, count: 20_000))
        }
    }

    /// About 200 KB: 700 copies of a field with arguments, directives and nested selections.
    static let largeQuery: String = {
        let chunk = """
              f%d: countries(filter: {code: {in: ["CO", "FR", "DE"]}, name: {regex: "^A.*\\n"}}) @include(if: $yes) {
                code name capital # the capital
                continent { code name }
                languages { code name rtl }
                ... on Country { emoji }
                ...More
                note: field(text: \"\"\"
                  A block string, indented.
                \"\"\")
              }

            """
        let body = (0..<700).map { chunk.replacingOccurrences("%d", with: String($0)) }.joined()
        return "query Big($yes: Boolean = true) {\n" + body + "}\nfragment More on Country { code }\n"
    }()

    /// A 200 KB query parses whole, and completion reads it to its end (its time is a benchmark's
    /// business, not a test's).
    @Test func aLargeQueryParsesAndCompletes() throws {
        let query = Self.largeQuery
        #expect(query.utf8.count > 200_000)
        let document = try GraphQLParser.parse(query)
        #expect(document.operations.first?.selections.count == 700)
        let context = GraphQLCompletionContext(text: String(query.dropLast(36)), schema: CountriesSchema.schema)
        #expect(context == .field(type: "Query", prefix: ""))
    }
}

private extension String {
    /// Foundation-free replacement of every occurrence.
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
