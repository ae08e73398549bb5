import Foundation
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Printing a statement as Swift and reading it back gives the same statement, for every form of the
/// descriptor table (its sample) and for realistic arguments, strings that need escaping and secrets.
@MainActor
@Suite struct StatementRoundTripTests {
    typealias Pair = WorkbenchStatement.Pair

    nonisolated static let statements: [WorkbenchStatement] = StatementForm.allCases.map(\.descriptor.sample) + [
        .base("sandbox/jsonplaceholder"), .base("https://api.example.com/v1?x=1"),
        .path("/posts/1"), .path("../a b"), .showPath,
        .query("q", "sunflowers in a vase"), .query("flag", nil), .query("say", #""hi" \ back"#), .query("emoji", "café 😀"),
        .query("nl", "two\nlines\tand a tab"), .addQuery("ids", "2"), .addQuery("flag", nil), .removeQuery("q"), .showQuery,
        .header("Accept", "application/json"), .header("Authorization", "Bearer s3cr3t"), .defaultHeader("X-API-Key", "k3y"),
        .removeHeader("Accept"), .showHeaders,
        .method("PATCH"), .showMethod,
        .bodyJSON(#"{"a": [1, "x\"y"]}"#), .bodyFile("post.json"), .form([Pair("a", "b"), Pair("c", "d e")]),
        .bodyText("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nit's \\ 1\r\n--b--\r\n"), .removeBody,
        .url("http://127.0.0.1:1/x?q=1"), .showURL, .reset, .send(stream: false),
        .request(.init(method: "GET", target: "/posts", query: [Pair("userId", "1"), Pair("userId", "2")],
                       headers: [Pair("Accept", "text/plain"), Pair("Authorization", "Bearer t0k")])),
        .request(.init(method: "POST", target: "https://example.com/posts", json: [
            .init("title", .string("Hi \"there\"")), .init("userId", .json("1")), .init("draft", .json("true")),
            .init("score", .json("2.50")), .init("tags", .json("[1, 2]")), .init("none", .json("null")),
        ])),
        .request(.init(method: "HEAD")), .request(.init(method: "DELETE", target: "/posts/1")),
        .request(.init(method: "GET", query: [Pair("access_token", "abc")])),
        .status, .headers(nil), .headers("Content-Type"), .body(raw: false, all: false), .body(raw: true, all: true),
        .body(raw: false, all: true), .timing, .history, .show(3), .curl,
        .json(#"{"a": 1, "b": "two"}"#), .jsonFile("doc.json"),
        .decode(DecodeCall(type: "[Post]")),
        .decode(DecodeCall(type: "[String: Post]", options: DecodingOptions(keys: .convertFromSnakeCase, dates: .iso8601), path: "data.items",
                           binding: .init(name: "posts", isVariable: true))),
        .decode(DecodeCall(type: "Feed?", options: DecodingOptions(dates: .formatted("yyyy-MM-dd")), binding: .init(name: "feed"))),
        .decode(DecodeCall(type: "Event", options: DecodingOptions(dates: .millisecondsSince1970))),
        .timeout(5), .timeout(2.5), .followRedirects(false), .bodyLines(12), .colors(false),
        // A query of several lines is a multi-line literal, its backslashes escaped; one with a
        // carriage return or a `"""` is not.
        .graphql(GraphQLCall(query: "query ($c: ID!) {\n  country(code: $c) {\n\tname # \\ \"quoted\"\n  }\n}\n", variables: #"{"c": "CO"}"#)),
        .graphql(GraphQLCall(query: "\n{ a(x: \"\"\"\nblock\"\"\") }", operation: "Q")), .graphql(GraphQLCall(query: "{ a }\r\n{ b }")),
        .graphql(GraphQLCall(file: "q.graphql", operation: "Countries")), .graphqlSchema,
    ]

    @Test(arguments: statements)
    func readingThePrintedSwiftGivesTheStatement(_ statement: WorkbenchStatement) async throws {
        let source = statement.swiftSource(secrets: .inClear, interpolating: InterpolationLexer())
        #expect(try await WorkbenchStatement.reading(swift: source) == statement, "\(source)")
    }

    /// Saved secrets are environment reads: the file holds no secret, and reading it back with the
    /// variables set gives the statement again.
    @Test(arguments: statements.filter { !$0.secretVariables.isEmpty })
    func secretsAreReadFromTheEnvironment(_ statement: WorkbenchStatement) async throws {
        let source = statement.swiftSource(secrets: .environmentReads, interpolating: InterpolationLexer())
        for secret in ["s3cr3t", "k3y", "t0k", "abc"] { #expect(!source.contains(secret), "\(source)") }
        let values = ["AUTHORIZATION": "Bearer s3cr3t", "X_API_KEY": "k3y", "ACCESS_TOKEN": "abc", "DIGEST_PASSWORD": "s3cr3t"]
        for variable in statement.secretVariables { setenv(variable, values[variable] ?? "", 1) }
        defer { for variable in statement.secretVariables { unsetenv(variable) } }
        var expected = statement
        if case .request(var call) = statement {
            call.headers = call.headers.map { $0.name == "Authorization" ? Pair($0.name, "Bearer s3cr3t") : $0 }
            expected = .request(call)
        }
        #expect(try await WorkbenchStatement.reading(swift: source) == expected, "\(source)")
    }

    @Test func aQueryOfSeveralLinesIsPrintedAsTyped() {
        let statement = WorkbenchStatement.graphql(GraphQLCall(query: "{\n  countries {\n    code\n  }\n}", variables: "{}"))
        #expect(statement.swiftSource(interpolating: InterpolationLexer()) == """
            try await wb.graphql(\"\"\"
                {
                  countries {
                    code
                  }
                }
                \"\"\", variables: "{}")
            """)
    }

    @Test func anInterpolationIsPrintedAsSwiftInterpolation() {
        let statement = WorkbenchStatement.path(#"/posts/\(posts[0].id)/comments"#)
        let lexer = InterpolationLexer()
        #expect(statement.swiftSource(interpolating: lexer) == #"try wb.path("/posts/\(posts[0].id)/comments")"#)
        #expect(statement.interpolatedExpressions(ends: lexer) == ["posts[0].id"])
        let quoted = WorkbenchStatement.query("q", #"say "\(name)""#)
        #expect(quoted.swiftSource(interpolating: lexer) == #"wb.query("q", "say \"\(name)\"")"#)
        // Without a lexer (what a `Workbench` with the empty environment has), `\(` is text.
        #expect(statement.swiftSource(interpolating: nil) == ##"try wb.path(#"/posts/\(posts[0].id)/comments"#)"##)
        #expect(statement.interpolatedExpressions(ends: nil).isEmpty)
    }

    @Test func sandboxURLsOfThisRunAreWrittenPortably() {
        let root = "http://127.0.0.1:49731"
        #expect(WorkbenchStatement.base(root + "/jokes").portable(sandboxRoot: root) == .base("sandbox/jokes"))
        #expect(WorkbenchStatement.base("https://example.com").portable(sandboxRoot: root) == .base("https://example.com"))
        #expect(WorkbenchStatement.base("sandbox/jokes").usesSandbox)
    }
}
