import Foundation
import GraphQLDocuments

/// A GraphQL response as JSON bytes (keys in GraphQLSwift's order: `data`, then `errors`), and
/// whether the request failed before execution began: a syntax error, a validation error, no
/// operation to run, or variables that do not fit. Such a response has `errors` and no `data`.
public struct GraphQLResponse: Sendable {
    public let body: [UInt8]
    public let failedBeforeExecution: Bool

    public var text: String { String(decoding: body, as: UTF8.self) }
}

extension GraphQLExecutableSchema {
    /// Runs one request: parse, validate (spec §5), select the operation, coerce the variables,
    /// execute (spec §6). Never throws: every failure is a response with `errors`.
    public func execute(
        query: String, variables: [String: GraphQLJSONValue] = [:], operationName: String? = nil
    ) -> GraphQLResponse {
        let document: GraphQLDocument
        do {
            document = try GraphQLParser.parse(query)
        } catch {
            return rejected([GraphQLSyntaxErrorFormatting.responseError(error, source: query)])
        }
        let validationErrors = GraphQLQueryValidator.validate(document, source: query, schema: index)
        guard validationErrors.isEmpty else { return rejected(validationErrors) }
        return execute(document, source: query, variables: variables, operationName: operationName)
    }

    /// The same, with `variables` as a request's JSON gives them: an object, or null or absent for none.
    public func execute(query: String, variables: GraphQLJSONValue?, operationName: String?) -> GraphQLResponse {
        var inputs: [String: GraphQLJSONValue] = [:]
        if case .object(let members) = variables {
            for member in members where inputs[member.key] == nil { inputs[member.key] = member.value }
        }
        return execute(query: query, variables: inputs, operationName: operationName)
    }

    /// Executes a document that has passed validation.
    func execute(
        _ document: GraphQLDocument, source: String, variables: [String: GraphQLJSONValue], operationName: String?
    ) -> GraphQLResponse {
        // Operation selection, as GraphQLSwift words its refusals (no location).
        var selected: GraphQLOperation?
        let operations = document.operations.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for operation in operations {
            if operationName == nil, selected != nil {
                return rejected([GraphQLResponseError(
                    message: "Must provide operation name if query contains multiple operations.", locations: [], path: []
                )])
            }
            if operationName == nil || operation.name == operationName { selected = operation }
        }
        guard let operation = selected else {
            let message = operationName.map { "Unknown operation named \"\($0)\"." } ?? "Must provide an operation."
            return rejected([GraphQLResponseError(message: message, locations: [], path: [])])
        }

        let coerced: [String: GraphQLJSONValue]
        switch GraphQLInputCoercion(schema: index).coerceVariables(operation.variables, inputs: variables) {
        case .success(let values): coerced = values
        case .failure(let failure):
            let location = GraphQLSourceLocator(source: source).locate(.node(failure.definition.location))
            return rejected([GraphQLResponseError(message: failure.message, locations: [location], path: [])])
        }

        let rootName: String? = switch operation.kind {
        case .query: index.queryTypeName
        case .mutation: index.mutationTypeName
        case .subscription: index.subscriptionTypeName
        }
        guard let rootType = rootName.flatMap({ index.types[$0] }) else {
            let location = GraphQLSourceLocator(source: source).locate(.node(operation.location))
            return rejected([GraphQLResponseError(
                message: "Schema is not configured for \(operation.kind.rawValue)s", locations: [location], path: []
            )])
        }
        let execution = GraphQLExecution(schema: index, source: source, document: document, variables: coerced,
                                         maximumDataBytes: maximumDataBytes)
        return GraphQLResponse(body: execution.execute(operation, rootType: rootType), failedBeforeExecution: false)
    }

    private func rejected(_ errors: [GraphQLResponseError]) -> GraphQLResponse {
        GraphQLResponse(body: GraphQLResponseError.response(errors), failedBeforeExecution: true)
    }
}

/// Syntax errors as GraphQLSwift reports them: `Syntax Error GraphQL request (1:31) Expected Name,
/// found <EOF>` and the lines around it with a caret. The parser words them as graphql-js does
/// (`Syntax Error: Expected Name, found <EOF>.`); the two differ in punctuation only, undone here.
enum GraphQLSyntaxErrorFormatting {
    private static let punctuators: Set<String> = ["!", "$", "&", "(", ")", "...", ":", "=", "@", "[", "]", "{", "|", "}"]

    static func responseError(_ error: GraphQLSyntaxError, source: String) -> GraphQLResponseError {
        let location = GraphQLSourceLocator.graphQLSwiftLocation(of: error.location, in: source)
        let prefix = "Syntax Error: "
        guard error.message.hasPrefix(prefix) else {
            // Not a syntax error in GraphQLSwift's sense (a type definition in the document).
            return GraphQLResponseError(message: error.message, locations: [location], path: [])
        }
        let description = graphQLSwiftDescription(String(error.message.dropFirst(prefix.count)))
        let message = "Syntax Error GraphQL request (\(location.line):\(location.column)) " + description + "\n\n"
            + highlight(source, at: location)
        return GraphQLResponseError(message: message, locations: [location], path: [])
    }

    /// graphql-js's description in GraphQLSwift's words: the parser's messages end without a period
    /// and print punctuators bare (`found }`); the lexer's print the character bare, without a colon.
    static func graphQLSwiftDescription(_ description: String) -> String {
        var text = description
        let unexpectedCharacter = "Unexpected character: ", expectedDigit = "Invalid number, expected digit but got: "
        if text.hasPrefix(unexpectedCharacter) {
            text = "Unexpected character " + unquoted(String(text.dropFirst(unexpectedCharacter.count)))
        } else if text.hasPrefix(expectedDigit) {
            text = expectedDigit + unquoted(String(text.dropFirst(expectedDigit.count)))
        } else if text.hasPrefix("Expected ") || text.hasPrefix("Unexpected ") {
            if text.hasSuffix(".") { text.removeLast() }
            for punctuator in punctuators {
                for word in ["Expected ", "found ", "Unexpected "] {
                    text = text.replacingOccurrences(of: word + "\"" + punctuator + "\"", with: word + punctuator)
                }
            }
        }
        return text
    }

    /// `"?".` → `?.`
    private static func unquoted(_ text: String) -> String {
        guard text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") else { return text }
        return String(text[text.index(after: text.startIndex)..<close]) + text[text.index(after: close)...]
    }

    /// The line before, the line, a caret under the column, the line after; numbers right-aligned.
    private static func highlight(_ source: String, at location: GraphQLLocation) -> String {
        let lines = source.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\r", omittingEmptySubsequences: false) }.map(String.init)
        let width = String(location.line + 1).count
        func numbered(_ line: Int) -> String {
            String(repeating: " ", count: max(width - String(line).count + 1, 0)) + String(line) + ": " + lines[line - 1] + "\n"
        }
        var text = ""
        if location.line >= 2 { text += numbered(location.line - 1) }
        if location.line <= lines.count { text += numbered(location.line) }
        text += String(repeating: " ", count: max(2 + width + location.column, 0)) + "^\n"
        if location.line < lines.count { text += numbered(location.line + 1) }
        return text
    }
}
