import GraphQLDocuments
import Testing

@Suite struct LexerTests {
    @Test func tokensKindsAndValues() throws {
        let tokens = try GraphQLLexer.tokens(in: "query ($a: [Int!] = -12.5e3) @d { ...F, b(c: \"x\\ny\") } | &")
        #expect(tokens.map(\.kind) == [
            .name, .parenLeft, .dollar, .name, .colon, .bracketLeft, .name, .bang, .bracketRight, .equals, .float, .parenRight,
            .at, .name, .braceLeft, .spread, .name, .name, .parenLeft, .name, .colon, .string, .parenRight, .braceRight,
            .pipe, .ampersand,
        ])
        #expect(tokens[10].value == "-12.5e3")
        #expect(tokens[21].value == "x\ny")
        #expect(tokens[0].messageDescription == #"Name "query""#)
        #expect(tokens[1].messageDescription == #""(""#)
    }

    /// Columns count Unicode scalars: 😀 is one column (graphql-js, counting UTF-16, says two).
    @Test func columnsCountUnicodeScalars() throws {
        let tokens = try GraphQLLexer.tokens(in: "\u{FEFF}{ a(s: \"日本😀\") b }\r\n\r  c")
        let b = try #require(tokens.first { $0.value == "b" })
        #expect(b.location == GraphQLLocation(line: 1, column: 16))
        #expect(tokens.first?.location == GraphQLLocation(line: 1, column: 2))
        #expect(tokens.last?.location == GraphQLLocation(line: 3, column: 3))
        #expect(tokens.last?.utf8Range == 32..<33)
    }

    @Test func ignoredTokensAreSkipped() throws {
        let tokens = try GraphQLLexer.tokens(in: "# comment\n,,,\t\u{FEFF} a # more\n")
        #expect(tokens.map(\.value) == ["a"])
        #expect(try GraphQLLexer.tokens(in: "").isEmpty)
    }

    @Test func endOfFileRepeats() throws {
        var lexer = GraphQLLexer("a")
        #expect(try lexer.next().kind == .name)
        #expect(try lexer.next().kind == .endOfFile)
        #expect(try lexer.next().kind == .endOfFile)
    }

    @Test func escapes() throws {
        let tokens = try GraphQLLexer.tokens(in: #""\u0041\u{1F600}\uD83D\uDE00\/\b\f\r\t" "\u{10FFFF}""#)
        #expect(tokens.map(\.value) == ["A😀😀/\u{8}\u{C}\r\t", "\u{10FFFF}"])
        #expect(throws: GraphQLSyntaxError(message: #"Syntax Error: Invalid Unicode escape sequence: "\u{FFFFFFFF"."#,
                                           location: .init(line: 1, column: 2))) {
            // graphql-js's 32-bit arithmetic stops at the eighth digit that sets the top bit.
            try GraphQLLexer.tokens(in: #""\u{FFFFFFFF}""#)
        }
        #expect(throws: GraphQLSyntaxError(message: #"Syntax Error: Invalid character escape sequence: "\"."#,
                                           location: .init(line: 1, column: 2))) {
            try GraphQLLexer.tokens(in: #""\"#)
        }
    }

    @Test func blockStringDedent() throws {
        let tokens = try GraphQLLexer.tokens(in: "\"\"\"\n\n  a\n\t b\n  \n\"\"\" \"\"\"  \n  \"\"\"")
        #expect(tokens.map(\.value) == ["a\nb", ""])  // a tab indents as much as a space
    }
}
