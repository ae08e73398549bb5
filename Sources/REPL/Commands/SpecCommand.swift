import Foundation
import Sandbox
import WorkbenchKit
import WorkbenchSpec

/// `spec`: an API's OpenAPI document. Loading one is a statement (`wb.spec(…)`, saved and
/// replayed); listing its operations, showing one, and declaring its models read the loaded
/// document (`SpecCommand+Views.swift`).
struct SpecCommand: StatementCommand {
    let forms: [StatementForm] = [.spec, .graphqlSchema]
    let name = "spec"
    var synopsis: String { "spec FILE | URL | sandbox/NAME \(options.synopsis) · spec graphql · spec · spec OPERATION · spec models [NAME …]" }
    static let server = CommandOption("--server", value: "N", example: "sandbox/jsonplaceholder --server 2",
                                      help: "make the document's server N (from 1) the base, even over a base set before")
    let options = [Self.server]
    let summary = "load an OpenAPI document: list its operations, complete its paths, declare its models"
    let group = CommandGroup.models
    let help = """
        `spec SOURCE` loads an OpenAPI 3.0 or 3.1 document (JSON or YAML) from a file, an http(s)
        URL, or the sandbox (`sandbox/NAME`); `spec graphql` asks the base for its GraphQL schema
        instead (`help graphql`). Where no base is set, its first server becomes the
        base (`--server N` picks another, and sets it even over a base). Then:
          spec                   lists the operations by tag: method, path, operationId, summary
          spec OPERATION         one operation (an operationId, or METHOD PATH): parameters,
                                 request body and responses
          spec models [NAME …]   shows, then declares, Codable types for the document's schemas
                                 (all, or NAME and what it uses)
        Tab completes its paths, a path's query parameters and headers, enum values, and
        operationIds after `spec `. A request to a path the document lacks, or without a
        required parameter, gets a warning line (and is still sent), a JSON body a line per
        place it does not match the operation's request body schema; so does a response whose
        body does not match the operation's schema for its status.

        Examples:
          wb> spec sandbox/jsonplaceholder
          wb> spec
          wb> spec getPost
          wb> spec models Post
          wb> get /posts/1
          wb> decode Post
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard let last = words.last else { return [] }
        let spec = session.workbench.openAPISpec
        if words.count >= 2, words[0] == "models" {
            let names = spec?.schemas.map(\.name) ?? []
            return RequestCompletion.matching(last, names)
        }
        // After a document, its option.
        guard words.count == 1 else { return words.count == 2 && !words[0].hasPrefix("--") ? RequestCompletion.matching(last, options.map(\.name)) : [] }
        var candidates = ["models", "graphql"]
        if let spec { candidates += SpecCompletion(spec: spec, base: nil).operationIds(matching: last) }
        candidates += SandboxCatalog.apis.map { "sandbox/\($0.name)" }
        return RequestCompletion.matching(last, candidates)
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        if words.isEmpty { return try SpecViews.list(session) }
        if words[0] == "models" { return try await SpecViews.declareModels(Array(words.dropFirst()), session: session) }
        if words.count <= 2, !words[0].hasPrefix("--"), let spec = session.workbench.openAPISpec,
           let operation = spec.operation(named: words.joined(separator: " ")) {
            return SpecViews.show(operation, in: spec, session: session)
        }
        try await session.perform(try statements(arguments, loaded: (session.workbench.apiDescription as? OpenAPIDescription)?.sourceText))
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try statements(arguments, loaded: nil)
    }

    /// `SOURCE [--server N]`; `--server N` alone loads the same document again with server N.
    private func statements(_ arguments: String, loaded: String?) throws -> [WorkbenchStatement] {
        let options = try optionWords(arguments)
        let words = options.operands
        var server: Int?
        if let given = options.value(Self.server) {
            guard let number = Int(given), number > 0 else {
                throw UsageError("\(Self.server.name) takes a server's number from 1, as in `spec \(Self.server.example ?? "")`")
            }
            server = number
        }
        guard words.count <= 1 else {
            throw UsageError("spec takes one FILE, URL or sandbox/NAME, got \(words.count) words: '\(arguments)' — or no operation '\(words.joined(separator: " "))' is in the loaded document")
        }
        // `spec graphql`: the base's GraphQL schema, by introspection (`./graphql` is a file).
        if words == ["graphql"], server == nil { return [.graphqlSchema] }
        guard let source = words.first ?? loaded else {
            throw UsageError("no document loaded — `spec FILE | URL | sandbox/NAME` loads one")
        }
        return [.spec(SpecCall(source: source, server: server))]
    }
}

extension OpenAPIDescription {
    /// How `spec` names where it was read from again (a file as its path, a URL as it is).
    @MainActor var sourceText: String { location.isFileURL ? location.path : location.absoluteString }
}
