import Foundation
import LineEditor
import SandboxTestSupport
import TestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `graphql`: its words read apart (the query kept as typed, options only outside its strings and
/// brackets), when a query goes on to the next line, and its usage errors.
@MainActor
@Suite struct GraphQLCommandTests {
    let command = GraphQLCommand()

    @Test("each form of graphql is its statement, the query kept as typed")
    func statements() throws {
        let table: [(String, WorkbenchStatement)] = [
            ("{ countries { code } }", .graphql(GraphQLCall(query: "{ countries { code } }"))),
            ("query ($c: ID!) { country(code: $c) { name } } --variables {\"c\": \"CO\"}",
             .graphql(GraphQLCall(query: "query ($c: ID!) { country(code: $c) { name } }", variables: "{\"c\": \"CO\"}"))),
            ("query A { a: continents { code } } query B { b: languages { code } } --operation B --variables { }",
             .graphql(GraphQLCall(query: "query A { a: continents { code } } query B { b: languages { code } }", variables: "{ }", operation: "B"))),
            ("{ countries(filter: {name: {regex: \" --operation \"}}) { code } }",
             .graphql(GraphQLCall(query: "{ countries(filter: {name: {regex: \" --operation \"}}) { code } }"))),
            ("{\n  country(code: \"CO\") {\n    name # the name --not an option\n  }\n}",
             .graphql(GraphQLCall(query: "{\n  country(code: \"CO\") {\n    name # the name --not an option\n  }\n}"))),
            ("{ a(x: \"\"\" -- \"\"\") }", .graphql(GraphQLCall(query: "{ a(x: \"\"\" -- \"\"\") }"))),
            ("@countries.graphql --operation Q", .graphql(GraphQLCall(file: "countries.graphql", operation: "Q"))),
            ("{ x } --variables {\"a\": [1, {\"b\": \" --operation \"}]}",
             .graphql(GraphQLCall(query: "{ x }", variables: "{\"a\": [1, {\"b\": \" --operation \"}]}"))),
        ]
        for (arguments, statement) in table {
            #expect(try command.statements(arguments) == [statement], "graphql \(arguments)")
        }
    }

    @Test("a graphql line it cannot read is one usage line")
    func usageErrors() {
        let errors = [
            ("", "graphql needs a query: `graphql { countries { code name } }`, or `graphql @FILE`"),
            ("{ x } --variables", "--variables needs a value (JSON), as in `graphql query ($c: ID!) { country(code: $c) { name } } --variables {\"c\": \"CO\"}`"),
            ("{ x } --operation A --operation B", "graphql takes one --operation: one operation runs"),
            ("{ x } --vars {}", "unknown option '--vars' (graphql takes --variables JSON and --operation NAME after its query)"),
        ]
        for (arguments, message) in errors {
            let thrown = #expect(throws: UsageError.self) { try command.statements(arguments) }
            #expect(thrown?.description == message, "graphql \(arguments)")
        }
    }

    @Test("a query goes on to the next line while a brace, parenthesis or block string is open, and not past a broken line")
    func continuation() {
        let table: [(String, InputCompleteness)] = [
            ("{", .incomplete),
            ("{ countries {", .incomplete),
            ("query ($code: ID!) {\n  country(code: $code", .incomplete),
            ("{ a(x: \"\"\"open", .incomplete),
            ("{ countries { code } }", .complete),
            // A plain string cannot take a line break: the next line would not mend it.
            ("{ country(code: \"CO", .complete),
            // Wrong before its end: it fails now, with its place.
            ("{ countries } }", .complete),
            ("{ countries { code } } --variables {", .complete),
            ("@query.graphql", .complete),
            ("models", .complete),
        ]
        for (arguments, expected) in table {
            #expect(GraphQLCommandLine.completeness(of: arguments) == expected, "graphql \(arguments)")
        }
        let rules = ContinuationRules(commands: .standard)
        #expect(rules.completeness(of: "graphql {\n  countries {") == .incomplete)
        #expect(rules.completeness(of: "graphql {\n  countries { code }\n}") == .complete)
    }
}

/// A session against the sandbox's countries API: the schema read, a query with partial data shown
/// as data and error lines, a message decoded at a path, models declared for a selection, and the
/// whole saved as `wb.graphql…` calls that `save`'s check runs again.
@MainActor
@Suite struct GraphQLSessionTests {
    @Test("a session reads the schema, shows partial data and its error, declares models, decodes and saves")
    func session() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let console = Console(capturingWithColors: false)
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            #expect(await session.evaluate("base sandbox/countries"))
            #expect(session.completions(before: "graphql { countries { na").isEmpty, "no schema yet: nothing to offer")
            #expect(await session.evaluate("spec graphql"), "\(console.capturedText)")
            // Tab after the schema: fields, arguments, an input object's fields, type names, and on
            // a continuation line, the fields of the type the earlier lines opened.
            let completions: [(String, [String])] = [
                ("graphql { countries { na", ["name", "native"]),
                ("graphql { countries(fi", ["countries(filter:"]),
                ("graphql { countries(filter: {cu", ["{currency:"]),
                ("graphql { ... on Conti", ["Continent"]),
                ("graphql query ($code: I", ["ID"]),
                ("graphql {\n  country(code: \"CO\") {\n    lang", ["languages"]),
                ("graphql mo", ["models"]),
            ]
            for (typed, expected) in completions {
                #expect(session.completions(before: typed) == expected, "\(typed)")
            }
            #expect(console.capturedText.contains("schema: 6 query fields (continent, continents, countries, country, language, languages) · 8 types — Tab completes after `graphql {`; `graphql models` writes types for a query\n"),
                    "\(console.capturedText)")
            console.clearCaptured()
            #expect(await session.evaluate(#"graphql { ok: country(code: "CO") { name capital } bad: country(code: "Colombia") { name } }"#))
            let lines = console.capturedText.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("HTTP 200 OK · application/json · ") == true, "\(lines)")
            #expect(lines.first?.hasSuffix(" · partial data · 1 error") == true, "\(lines)")
            #expect(Array(lines.dropFirst().dropLast()) == ["{", "  \"ok\": {", "    \"name\": \"Colombia\",", "    \"capital\": \"Bogotá\"",
                                                          "  },", "  \"bad\": null", "}"], "\(lines)")
            #expect(lines.last == #"error: Country codes are two capital letters (ISO 3166-1 alpha-2): got "Colombia". · at bad · line 1, column 44"#,
                    "\(lines)")
            console.clearCaptured()
            let query = #"query ($code: ID!) { country(code: $code) { code name languages { code name } continent { name } } }"#
            #expect(await session.evaluate(query.replacingOccurrences(of: "query (", with: "graphql query (") + #" --variables {"code": "PE"}"#))
            console.clearCaptured()
            #expect(await session.evaluate("graphql models"), "\(console.capturedText)")
            #expect(console.capturedText.hasSuffix("declared 4 models: QueryData, Country, Language, Continent — `decode QueryData --at data` reads the last response\n"),
                    "\(console.capturedText)")
            console.clearCaptured()
            #expect(await session.evaluate("decode Country --at data.country"), "\(console.capturedText)")
            #expect(console.capturedText.contains(#"Country(code: "PE", name: "Peru", languages: [main.Language(code: "es", name: "Spanish")], continent: main.Continent(name: "South America"))"#),
                    "\(console.capturedText)")
            #expect(await session.evaluate("save lesson --dir \(folder.url.path)"), "\(console.capturedText)")
            let saved = try String(contentsOf: folder.url.appendingPathComponent("lesson.swift"), encoding: .utf8)
            #expect(saved.contains("try await wb.graphqlSchema()\n"), "\(saved)")
            #expect(saved.contains(##"try await wb.graphql("query ($code: ID!) { country(code: $code) { code name languages { code name } continent { name } } }", variables: #"{"code": "PE"}"#)"##),
                    "\(saved)")
        }
    }
}
