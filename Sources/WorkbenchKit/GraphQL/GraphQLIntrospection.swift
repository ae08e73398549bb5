import Foundation
import GraphQLDocuments

/// `spec graphql`: the introspection query (GraphQL spec §4.2), and reading its answer into a
/// `GraphQLSchemaDescription`.
enum GraphQLIntrospection {
    /// Asks for everything `GraphQLSchemaDescription` holds; type references seven levels deep,
    /// enough for `[[String!]!]!`.
    static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description
          fields(includeDeprecated: true) {
            name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name
            ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// The schema in an introspection response; a refusal (a server with introspection off) or a
    /// body that is not one is one line.
    static func schema(from exchange: Exchange) throws(WorkbenchError) -> GraphQLSchemaDescription {
        let body = exchange.response.body
        let url = exchange.url.absoluteString
        guard let document = try? JSONDocument(parsing: body), let result = GraphQLResultView(document.root) else {
            throw .graphQL("\(url) answered \(exchange.response.statusCode) without a GraphQL response — is it a GraphQL endpoint?")
        }
        guard let schemaNode = result.data?.member("__schema"), schemaNode.isObject else {
            let reason = result.errors.first.map { ": \($0)" } ?? ""
            throw .graphQL("\(url) did not answer the introspection query\(reason) — some servers turn introspection off")
        }
        do {
            return try JSONDecoder().decode(GraphQLSchemaDescription.self, from: GraphQLResultView.bytes(of: schemaNode, in: body))
        } catch {
            throw .graphQL("\(url)'s schema could not be read: \(String(describing: error).oneLine)")
        }
    }

    /// The scalars every schema has (spec §3.5), not counted as the schema's own types.
    static let builtInScalars: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// `schema: 6 query fields (continent, continents, …) · 13 types of its own`.
    static func summary(of schema: GraphQLSchemaDescription) -> String {
        let query = schema.type(named: schema.queryType.name)
        let fields = query?.fields?.map(\.name) ?? []
        let own = schema.types.filter { !$0.name.hasPrefix("__") && !builtInScalars.contains($0.name) }
        var line = "schema: \(fields.count) query field\(fields.count == 1 ? "" : "s") (\(fields.prefix(8).joined(separator: ", "))"
            + (fields.count > 8 ? ", …" : "") + ") · \(own.count) type\(own.count == 1 ? "" : "s")"
        if let mutation = schema.mutationType.flatMap({ schema.type(named: $0.name) }) {
            line += " · \(mutation.fields?.count ?? 0) mutations"
        }
        return line + " — Tab completes after `graphql {`; `graphql models` writes types for a query"
    }
}
