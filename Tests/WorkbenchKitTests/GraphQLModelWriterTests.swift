import Foundation
import GraphQLDocuments
import SandboxTestSupport
import TestSupport
import Testing
@testable import WorkbenchKit

/// `graphql models`: structs for what a query selects. Each case's structs are compiled with `swiftc`
/// and decode the sandbox's own response with Foundation's `JSONDecoder`, in one program for all.
@MainActor
@Suite struct GraphQLModelWriterTests {
    struct Case {
        var query: String
        var variables: String?
        var root: String
        /// Swift that prints what the decoded value (`value`, the root) holds, checked against the JSON.
        var probe: String
    }

    static let cases: [Case] = [
        Case(query: "{ countries { code name capital currencies continent { code name } languages { code name rtl } } }", root: "QueryData",
             probe: #"print(value.countries.count, value.countries.filter { $0.capital == nil }.count, value.countries.first { $0.code == "CO" }?.languages.map(\.name) ?? [])"#),
        Case(query: #"query Two { co: country(code: "CO") { ...Basics } xx: country(code: "XX") { ...Basics } } fragment Basics on Country { code name emoji }"#,
             root: "TwoData", probe: #"print(value.co?.name ?? "-", value.xx == nil)"#),
        Case(query: #"query ($withLanguages: Boolean!) { continent(code: "SA") { name countries { code languages @include(if: $withLanguages) { name } } } }"#,
             variables: #"{"withLanguages": false}"#, root: "QueryData",
             probe: #"print(value.continent?.countries.count ?? 0, value.continent?.countries.allSatisfy { $0.languages == nil } ?? false)"#),
        Case(query: #"{ languages(filter: {code: {in: ["ar", "he"]}}) { __typename ... on Language { code rtl } } }"#, root: "QueryData",
             probe: #"print(value.languages.map { "\($0.__typename) \($0.code ?? "") \($0.rtl ?? false)" })"#),
        Case(query: #"{ countries(filter: {code: {eq: "CO"}}) { name continent { code } } continents(filter: {code: {eq: "AN"}}) { name countries { code } } }"#,
             root: "QueryData", probe: #"print(value.countries.map(\.continent.code), value.continents.map { $0.countries.count })"#),
    ]

    @Test("each query's models compile and decode the sandbox's response with JSONDecoder")
    func modelsDecodeTheResponse() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var program = "import Foundation\nstruct Envelope<T: Decodable>: Decodable { let data: T }\n"
        var expected: [String] = []
        try await withLiveSandbox { root in
            let wb = Workbench(base: root.absoluteString + "/countries", console: Console(capturingWithColors: false))
            try await wb.graphqlSchema()
            let schema = try #require(wb.graphQLSchema)
            for (index, testCase) in Self.cases.enumerated() {
                let exchange = try await wb.graphql(testCase.query, variables: testCase.variables)
                let sent = try #require(wb.lastGraphQLQuery)
                let output = try GraphQLModelWriter.write(sent.document, operation: sent.operation, schema: schema)
                #expect(output.typeNames.first == testCase.root)
                let file = folder.url.appendingPathComponent("case\(index).json")
                try exchange.response.body.write(to: file)
                program += "enum Case\(index) {\n" + output.source.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "}\n"
                program += "do {\n    let value = try JSONDecoder().decode(Envelope<Case\(index).\(testCase.root)>.self, "
                    + "from: Data(contentsOf: URL(fileURLWithPath: \"\(file.path)\"))).data\n    \(testCase.probe)\n}\n"
                expected.append(try Self.expectedProbe(index, body: exchange.response.body))
            }
        }
        let source = folder.url.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.url.appendingPathComponent("models").path
        let compiled = try await SnippetTypeCheck.swiftc(["-module-name", "Models", source.path, "-o", binary])
        #expect(compiled.status == 0, "\(compiled.errorOutput)\n\(program)")
        let run = try await PipedRun.run(binary, [], input: "", environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.split(separator: "\n").map(String.init) == expected, "\(program)")
    }

    /// What each probe prints, read from the response with JSONSerialization.
    static func expectedProbe(_ index: Int, body: Data) throws -> String {
        let data = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["data"] as? [String: Any])
        func names(_ list: Any?) -> String { "[" + ((list as? [[String: Any]]) ?? []).map { "\"\($0["name"] as? String ?? "")\"" }.joined(separator: ", ") + "]" }
        switch index {
        case 0:
            let countries = try #require(data["countries"] as? [[String: Any]])
            let colombia = countries.first { $0["code"] as? String == "CO" }
            return "\(countries.count) \(countries.filter { $0["capital"] is NSNull }.count) \(names(colombia?["languages"]))"
        case 1:
            let co = try #require(data["co"] as? [String: Any])
            return "\(co["name"] as? String ?? "") \(data["xx"] is NSNull)"
        case 2:
            let continent = try #require(data["continent"] as? [String: Any])
            let countries = try #require(continent["countries"] as? [[String: Any]])
            return "\(countries.count) \(countries.allSatisfy { $0["languages"] == nil })"
        case 3:
            let languages = try #require(data["languages"] as? [[String: Any]])
            return "[" + languages.map { "\"\($0["__typename"] as? String ?? "") \($0["code"] as? String ?? "") \($0["rtl"] as? Bool ?? false)\"" }
                .joined(separator: ", ") + "]"
        default:
            let countries = try #require(data["countries"] as? [[String: Any]])
            let continents = try #require(data["continents"] as? [[String: Any]])
            let codes = countries.map { "\"\(($0["continent"] as? [String: Any])?["code"] as? String ?? "")\"" }
            return "[\(codes.joined(separator: ", "))] [\(continents.map { String(($0["countries"] as? [Any])?.count ?? -1) }.joined(separator: ", "))]"
        }
    }

    @Test("the structs for a selection read as Swift a person would write")
    func source() throws {
        let schema = GraphQLSchemaDescription(
            queryType: .init(name: "Query"),
            types: [
                .init(kind: .OBJECT, name: "Query", fields: [
                    .init(name: "country", args: [], type: .named(.OBJECT, "Country")),
                    .init(name: "countries", args: [], type: .nonNull(.list(.nonNull(.named(.OBJECT, "Country"))))),
                ]),
                .init(kind: .OBJECT, name: "Country", fields: [
                    .init(name: "code", args: [], type: .nonNull(.named(.SCALAR, "ID"))),
                    .init(name: "capital", args: [], type: .named(.SCALAR, "String")),
                    .init(name: "area", args: [], type: .named(.SCALAR, "Float")),
                    .init(name: "default", args: [], type: .nonNull(.named(.SCALAR, "Boolean"))),
                    .init(name: "neighbours", args: [], type: .nonNull(.list(.nonNull(.named(.OBJECT, "Country"))))),
                ]),
            ],
            directives: [])
        let document = try GraphQLParser.parse("query Home { country { code capital default neighbours { code } } countries { code capital default neighbours { code } } }")
        let output = try GraphQLModelWriter.write(document, operation: try #require(document.operations.first), schema: schema)
        #expect(output.source == """
            struct HomeData: Codable {
                let country: Country?
                let countries: [Country]
            }

            struct Country: Codable {
                let code: String
                let capital: String?
                let `default`: Bool
                let neighbours: [Neighbours]
            }

            struct Neighbours: Codable {
                let code: String
            }

            """)
        #expect(output.typeNames == ["HomeData", "Country", "Neighbours"] && output.notes.isEmpty)
    }
}

/// How a GraphQL response's errors read: one line each, the message, the path as `decode --at`
/// reads one, every place, and the server's code; the status line's words.
@Suite struct GraphQLResultViewTests {
    @Test func errorsAreOneLineEachAndTheStatusSaysWhatCame() throws {
        let body = #"""
            {"data": {"a": null}, "errors": [
              {"message": "No.", "locations": [{"line": 1, "column": 3}, {"line": 2, "column": 5}], "path": ["countries", 0, "name"],
               "extensions": {"code": "NOT_FOUND"}},
              {"message": "Line\nbreak", "path": []},
              {"locations": []}
            ]}
            """#
        let view = try #require(GraphQLResultView(JSONDocument(parsing: body).root))
        #expect(view.errors == ["No. · at countries[0].name · line 1, column 3; line 2, column 5 · NOT_FOUND", "Line⏎break", #"{"locations":[]}"#])
        #expect(view.statusWords == ["partial data", "3 errors"])
        let refused = try #require(GraphQLResultView(JSONDocument(parsing: #"{"errors": [{"message": "Syntax"}]}"#).root))
        #expect(refused.statusWords == ["no data", "1 error"])
        #expect(try GraphQLResultView(JSONDocument(parsing: #"{"data": {"x": 1}}"#).root)?.statusWords == [])
        #expect(try GraphQLResultView(JSONDocument(parsing: #"{"status": 404}"#).root) == nil)
        #expect(try GraphQLResultView(JSONDocument(parsing: "[1]").root) == nil)
    }
}
