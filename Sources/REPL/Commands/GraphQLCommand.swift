import GraphQLDocuments
import WorkbenchKit
import WorkbenchScript

/// `graphql QUERY [--variables JSON] [--operation NAME]`, `graphql @FILE …`, `graphql models [NAME]`.
struct GraphQLCommand: StatementCommand {
    let forms: [StatementForm] = [.graphql, .graphqlFile]
    let name = "graphql"
    static let variables = CommandOption("--variables", value: "JSON", example: #"query ($c: ID!) { country(code: $c) { name } } --variables {"c": "CO"}"#,
                                         help: "the query's variables, a JSON object")
    static let operation = CommandOption("--operation", value: "NAME", example: "@queries.graphql --operation Countries",
                                         help: "which of the document's operations runs")
    let options = [Self.variables, Self.operation]
    var synopsis: String { "graphql QUERY | @FILE \(options.synopsis) · graphql models [NAME]" }
    let summary = "post a GraphQL query to the base: its data shown, its errors with their paths"
    let group = CommandGroup.send
    let help = """
        `graphql QUERY` posts the query to the base as GraphQL over HTTP does (a JSON body of
        `query`, `variables` and `operationName`). A query may take several lines: the input goes
        on while a brace, parenthesis or string is open. `@FILE` reads it from a file. The query
        is parsed first, so a syntax error is one line and nothing is sent.
        The status line says `partial data` when errors came with data; `data` is shown as JSON,
        and each error is one line with its path and place in the query. The body is the document
        `decode` reads: `decode [Country] --at data.countries`.
        `spec graphql` asks the base for its schema; then Tab completes fields, arguments and
        types, and `graphql models [NAME]` shows, then declares, Codable structs for what the last
        query selected (the root is NAME, else `QueryData`).

        Examples:
          wb> base sandbox/countries
          wb> spec graphql
          wb> graphql { countries(filter: {continent: {eq: "SA"}}) { code name capital } }
          wb> graphql query ($code: ID!) { country(code: $code) { name languages { name } } } --variables {"code": "CO"}
          wb> graphql models
          wb> let result = decode QueryData --at data
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        if words.count == 1 {
            let keywords = ["models", "query", "mutation", "subscription", "fragment"].filter { $0.hasPrefix(last) && $0 != last }
            if !keywords.isEmpty { return keywords }
        }
        if words.first == "models" { return [] }
        guard let schema = session.workbench.graphQLSchema else { return [] }
        let text = words.joined(separator: " ")
        guard GraphQLCommandLine.optionsStart(in: text) == nil else { return [] }
        let typed = String(last.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        let head = String(last.dropLast(typed.count))
        let context = GraphQLCompletionContext(text: text, schema: schema)
        // An argument or an input field is followed by its colon (Tab then adds the space).
        let colon = switch context {
        case .argument, .inputField: ":"
        default: ""
        }
        return context.candidates(schema: schema).map { head + $0 + colon }
    }

    func run(_ arguments: String, session: Session) async throws {
        if arguments == "models" || arguments.hasPrefix("models ") {
            let names = try Arguments.split(String(arguments.dropFirst("models".count)))
            guard names.count <= 1 else { throw UsageError("graphql models takes one name for the root struct, got '\(names.joined(separator: " "))'") }
            return try await Self.declareModels(root: names.first, session: session)
        }
        try await session.perform(try statements(arguments))
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        let line = try GraphQLCommandLine(arguments, options: options)
        guard !line.query.isEmpty else {
            throw UsageError("graphql needs a query: `graphql { countries { code name } }`, or `graphql @FILE`")
        }
        if line.query.hasPrefix("@"), !line.query.contains(where: \.isWhitespace) {
            return [.graphql(GraphQLCall(file: String(line.query.dropFirst()), variables: line.variables, operation: line.operation))]
        }
        return [.graphql(GraphQLCall(query: line.query, variables: line.variables, operation: line.operation))]
    }

    /// `graphql models [NAME]`: shows the structs for the last query's selection, then declares them.
    @MainActor static func declareModels(root: String?, session: Session) async throws {
        guard let sent = session.workbench.lastGraphQLQuery else {
            throw UsageError("no GraphQL query sent yet — `graphql { … }` sends one; `graphql models` writes types for what it selects")
        }
        guard let schema = session.workbench.graphQLSchema else {
            throw UsageError("no GraphQL schema — `spec graphql` reads it from the base, and `graphql models` needs its field types")
        }
        let output = try GraphQLModelWriter.write(sent.document, operation: sent.operation, schema: schema, rootName: root)
        let console = session.console
        for line in output.source.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            console.line(console.styled(String(line), .dim))
        }
        for note in output.notes { console.line("note: " + note) }
        console.flush()
        try await session.runSwift(SwiftFile(parsing: output.source).items)
        let count = output.typeNames.count
        console.line("declared \(count) model\(count == 1 ? "" : "s"): " + output.typeNames.joined(separator: ", ")
                     + " — `decode \(output.typeNames[0]) --at data` reads the last response")
        console.flush()
    }
}
