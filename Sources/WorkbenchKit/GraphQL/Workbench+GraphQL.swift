import Foundation
import GraphQLDocuments

/// A GraphQL query as it was sent, kept so that `graphql models` can write types for its selection.
public struct SentGraphQLQuery: Sendable {
    public var document: GraphQLDocument
    /// The operation that ran: the one named, or the document's only one.
    public var operation: GraphQLOperation
    /// The exchange that answered it.
    public var exchangeNumber: Int
}

/// `graphql QUERY`: a query posted to the base as GraphQL over HTTP says (a JSON body of `query`,
/// `variables` and `operationName`), its `data` shown and its `errors` one line each.
extension Workbench {
    /// `graphql QUERY [--variables {…}] [--operation NAME]`. The query is parsed here first, so a
    /// typo is one line with its place and nothing is sent; the response's body is the document
    /// `decode` reads (`decode [Country] --at data.countries`).
    @discardableResult
    public func graphql(_ query: String, variables: String? = nil, operation: String? = nil) async throws(WorkbenchError) -> Exchange {
        defer { console.flush() }
        let (document, chosen) = try Self.parsedQuery(query, operation: operation)
        let body = try Self.requestBody(query: query, variables: variables, operation: operation)
        let exchange = try await postGraphQL(body)
        lastGraphQLQuery = SentGraphQLQuery(document: document, operation: chosen, exchangeNumber: exchange.number)
        return exchange
    }

    /// `graphql @FILE …`: the query read from a file (`.graphql`), as `graphql` with its text.
    @discardableResult
    public func graphql(file path: String, variables: String? = nil, operation: String? = nil) async throws(WorkbenchError) -> Exchange {
        let data = try readFile(path)
        guard let text = String(data: data, encoding: .utf8) else { throw .graphQL("'\(path)' is not UTF-8 text: a GraphQL query is text") }
        return try await graphql(text, variables: variables, operation: operation)
    }

    /// `spec graphql`: asks the base for its schema by introspection; completion after `graphql`
    /// and `graphql models` read it. Prints one line: the query type's fields.
    @discardableResult
    public func graphqlSchema() async throws(WorkbenchError) -> Exchange {
        defer { console.flush() }
        let body = try Self.requestBody(query: GraphQLIntrospection.query, variables: nil, operation: "IntrospectionQuery")
        let exchange = try await postGraphQL(body, showingResponse: false)
        let schema = try GraphQLIntrospection.schema(from: exchange)
        graphQLSchema = schema
        if showsAnswers {
            console.line(statusLine(exchange))
            console.line(GraphQLIntrospection.summary(of: schema))
        }
        return exchange
    }

    /// Posts `body` to the base (or the URL set, when there is no base), as the session's request.
    private func postGraphQL(_ body: String, showingResponse: Bool = true) async throws(WorkbenchError) -> Exchange {
        guard var target = base ?? (request.hasHost ? request.components : nil) else {
            throw .graphQL("graphql posts to the base, and none is set — `base sandbox/countries` or `base https://…/graphql`")
        }
        target.queryItems = nil
        request.components = target
        try method("POST")
        request.body = .json(body)
        return try await send(stream: false) { [self] exchange in
            if showingResponse { renderGraphQL(exchange) }
        }
    }

    /// The query parsed, and the operation that will run; a syntax error, an unknown operation
    /// name or a missing one (several operations) is one line, as a server would answer it.
    static func parsedQuery(_ query: String, operation: String?) throws(WorkbenchError) -> (GraphQLDocument, GraphQLOperation) {
        let document: GraphQLDocument
        do {
            document = try GraphQLParser.parse(query)
        } catch {
            throw .graphQL("GraphQL syntax error at line \(error.location.line), column \(error.location.column): "
                           + error.message.replacingOccurrences(of: "Syntax Error: ", with: ""))
        }
        let names = document.operations.compactMap(\.name)
        if let operation {
            guard let chosen = document.operations.first(where: { $0.name == operation }) else {
                throw .graphQL("no operation named '\(operation)' in the query"
                               + (names.isEmpty ? " (its operation has no name)" : ": it has \(names.joined(separator: ", "))"))
            }
            return (document, chosen)
        }
        guard document.operations.count == 1, let only = document.operations.first else {
            throw .graphQL(document.operations.isEmpty
                ? "the query has fragments but no operation — add one, like `{ countries { ...Names } }`"
                : "the query has \(document.operations.count) operations — choose one with `--operation NAME` (\(names.joined(separator: ", ")))")
        }
        return (document, only)
    }

    /// `{"query": …, "variables": {…}, "operationName": …}`; variables must be a JSON object.
    static func requestBody(query: String, variables: String?, operation: String?) throws(WorkbenchError) -> String {
        var members = ["\"query\":" + JSONString.quoted(query)]
        if let variables {
            let trimmed = variables.trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                try JSONValidator.validate(trimmed)
            } catch {
                throw .graphQL("invalid JSON in --variables at line \(error.line), column \(error.column): \(error.message)")
            }
            guard trimmed.hasPrefix("{") else { throw .graphQL("--variables takes a JSON object, like {\"code\": \"CO\"}") }
            members.append("\"variables\":" + trimmed)
        }
        if let operation { members.append("\"operationName\":" + JSONString.quoted(operation)) }
        return "{" + members.joined(separator: ",") + "}"
    }
}
