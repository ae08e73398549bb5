import GraphQLDocuments
import Testing

/// The tree the parser builds, checked part by part.
@Suite struct ParserTests {
    func field(_ selection: GraphQLSelection?) -> GraphQLField? {
        if case .field(let field)? = selection { field } else { nil }
    }

    @Test func aliasesArgumentsAndNestedSelections() throws {
        let document = try GraphQLParser.parse("""
            { co: country(code: "CO") { name languages { code } } }
            """)
        #expect(document.fragments.isEmpty)
        let operation = try #require(document.operations.first)
        #expect(operation.kind == .query && operation.name == nil)
        let country = try #require(field(operation.selections.first))
        #expect(country.alias == "co" && country.name == "country" && country.responseKey == "co")
        #expect(country.arguments == [GraphQLArgument(name: "code", value: .string("CO"), location: .init(line: 1, column: 15))])
        #expect(country.selections.count == 2)
        let languages = try #require(field(country.selections.last))
        #expect(languages.name == "languages" && languages.alias == nil)
        #expect(field(languages.selections.first)?.name == "code")
        #expect(field(languages.selections.first)?.selections == [])
    }

    @Test func variablesWithDefaultsAndDirectives() throws {
        let document = try GraphQLParser.parse("""
            query Find($code: ID! = "CO", $limit: [Int!] = [1, 2], $f: Filter = {name: {eq: "x"}, on: RED}) @live {
              country(code: $code) @include(if: true) { name }
            }
            """)
        let operation = try #require(document.operations.first)
        #expect(operation.name == "Find")
        #expect(operation.variables.map(\.name) == ["code", "limit", "f"])
        #expect(operation.variables[0].type == .nonNull(.named("ID")))
        #expect(operation.variables[0].defaultValue == .string("CO"))
        #expect(operation.variables[1].type == .list(.nonNull(.named("Int"))))
        #expect(operation.variables[1].defaultValue == .list([.int("1"), .int("2")]))
        #expect(operation.variables[2].defaultValue
                == .object([(name: "name", value: .object([(name: "eq", value: .string("x"))])), (name: "on", value: .enumValue("RED"))]))
        #expect(operation.variables[0].location == GraphQLLocation(line: 1, column: 12))
        #expect(operation.directives.map(\.name) == ["live"])
        let country = try #require(field(operation.selections.first))
        #expect(country.arguments.first?.value == .variable("code"))
        #expect(country.directives == [GraphQLDirective(
            name: "include", arguments: [GraphQLArgument(name: "if", value: .boolean(true), location: .init(line: 2, column: 33))],
            location: .init(line: 2, column: 24))])
        #expect(country.location == GraphQLLocation(line: 2, column: 3))
    }

    @Test func fragmentsSpreadsAndInlineFragments() throws {
        let document = try GraphQLParser.parse("""
            { ...Names ... on Country { code } ... @skip(if: $no) { capital } }
            fragment Names on Country @x { name }
            """)
        let selections = try #require(document.operations.first?.selections)
        #expect(selections.count == 3)
        guard case .fragmentSpread(let spread) = selections[0],
              case .inlineFragment(let typed) = selections[1],
              case .inlineFragment(let untyped) = selections[2] else {
            Issue.record("not a spread and two inline fragments: \(selections)")
            return
        }
        #expect(spread.name == "Names" && spread.location == GraphQLLocation(line: 1, column: 3))
        #expect(typed.typeCondition == "Country" && field(typed.selections.first)?.name == "code")
        #expect(untyped.typeCondition == nil && untyped.directives.first?.arguments.first?.value == .variable("no"))
        let fragment = try #require(document.fragments.first)
        #expect(fragment.name == "Names" && fragment.typeCondition == "Country")
        #expect(fragment.directives.map(\.name) == ["x"])
        #expect(fragment.location == GraphQLLocation(line: 2, column: 1))
    }

    @Test func blockStringsAreDedented() throws {
        let document = try GraphQLParser.parse("{ a(text: \"\"\"\n    Hello,\n      World!\n\n    Yours,\n      \\\"\"\"GraphQL\\\"\"\"\n  \"\"\") b }")
        let a = try #require(field(document.operations.first?.selections.first))
        #expect(a.arguments.first?.value == .string("Hello,\n  World!\n\nYours,\n  \"\"\"GraphQL\"\"\""))
        // The block string's lines count: `b` is on line 7.
        #expect(field(document.operations.first?.selections.last)?.location == GraphQLLocation(line: 7, column: 8))
    }

    @Test func trueFalseAndNullAreNotEnumValues() throws {
        #expect(try GraphQLParser.parseValue("[true, false, null, TRUE, nul]")
                == .list([.boolean(true), .boolean(false), .null, .enumValue("TRUE"), .enumValue("nul")]))
    }

    @Test func standaloneValuesAndTypes() throws {
        #expect(try GraphQLParser.parseValue("{}") == .object([]))
        #expect(try GraphQLParser.parseValue(" \"en\" ") == .string("en"))
        #expect(try GraphQLParser.parseValue("-1.5e3") == .float("-1.5e3"))
        #expect(try GraphQLParser.parseType("[Country!]!") == .nonNull(.list(.nonNull(.named("Country")))))
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.parseType("[Country") }
    }

    @Test func valuesPrintAsGraphQLJSPrintsThem() {
        let value = GraphQLValue.object([
            (name: "a", value: .list([.int("1"), .float("2.5"), .string("tab\t\"q\" \\ \u{7} \u{85} é"), .null])),
            (name: "b", value: .variable("v")), (name: "c", value: .enumValue("RED")), (name: "d", value: .boolean(false)),
        ])
        #expect(value.description == #"{a: [1, 2.5, "tab\t\"q\" \\ \u0007 \u0085 é", null], b: $v, c: RED, d: false}"#)
    }

    @Test func tooDeepNestingIsRefusedNotACrash() {
        let depth = GraphQLParser.maximumNesting + 1
        let query = String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.parse(query) }
        let fine = String(repeating: "{ a ", count: depth - 1) + String(repeating: "}", count: depth - 1)
        #expect(throws: Never.self) { try GraphQLParser.parse(fine) }
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.parseValue(String(repeating: "[", count: 100_000)) }
    }
}
