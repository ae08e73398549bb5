import Foundation
import GraphQLDocuments
import Testing
@testable import GraphQLExecution
@testable import Sandbox

/// GraphiQL's introspection query (graphql-js's `getIntrospectionQuery`, as graphql-core 3.2.8
/// prints it, with every option on and with none: Fixtures/make_introspection_queries.py) returns
/// the whole schema, and its `__schema` decodes into the `GraphQLSchemaDescription` it was declared as.
@Suite struct CountriesIntrospectionTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: CountriesReferenceTests.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// `data.__schema` of a response, decoded.
    static func decodedSchema(_ response: GraphQLResponse) throws -> GraphQLSchemaDescription {
        let json = try GraphQLJSONValue.parse(response.body)
        #expect(json["errors"] == nil, "\(json["errors"]?.description ?? "")")
        let schema = try #require(json["data"]?["__schema"])
        return try JSONDecoder().decode(GraphQLSchemaDescription.self, from: Data(schema.description.utf8))
    }

    /// The declaration with every default value printed as introspection prints it (`{}` as `{  }`).
    static func withPrintedDefaults(_ schema: GraphQLSchemaDescription) throws -> GraphQLSchemaDescription {
        func printed(_ values: [GraphQLSchemaDescription.InputValue]) throws -> [GraphQLSchemaDescription.InputValue] {
            try values.map { value in
                var value = value
                value.defaultValue = try value.defaultValue.map { GraphQLValuePrinter.print(try GraphQLParser.parseValue($0)) }
                return value
            }
        }
        var schema = schema
        for index in schema.types.indices {
            schema.types[index].inputFields = try schema.types[index].inputFields.map(printed)
            if let fields = schema.types[index].fields {
                schema.types[index].fields = try fields.map { field in
                    var field = field
                    field.args = try printed(field.args)
                    return field
                }
            }
        }
        for index in schema.directives.indices { schema.directives[index].args = try printed(schema.directives[index].args) }
        return schema
    }

    @Test(arguments: ["introspection-all-options.graphql", "introspection-default.graphql"])
    func graphiQLQueryReturnsTheDeclaredSchema(_ fixture: String) throws {
        let query = try Self.fixture(fixture)
        // In declared order, the answer is the declaration itself.
        let declaredOrder = try GraphQLExecutableSchema(
            description: CountriesSchema.description, resolvers: [:], sortsIntrospectionByName: false
        )
        let decoded = try Self.decodedSchema(declaredOrder.execute(query: query, operationName: "IntrospectionQuery"))
        let expected = try Self.withPrintedDefaults(CountriesSchema.description)
        #expect(decoded == expected)

        // As GraphQLSwift answers (sorted by name), the same schema in another order.
        let sorted = try Self.decodedSchema(CountriesReferenceTests.schema.execute(query: query))
        #expect(sorted.types.map(\.name) == expected.types.map(\.name).sorted())
        for type in sorted.types {
            let declared = try #require(expected.types.first { $0.name == type.name })
            #expect(type.fields?.map(\.name) == declared.fields?.map(\.name).sorted())
            #expect(type.inputFields?.map(\.name) == declared.inputFields?.map(\.name).sorted())
            #expect(type.fields?.sorted { $0.name < $1.name } == declared.fields?.sorted { $0.name < $1.name })
            #expect(type.enumValues == declared.enumValues)
        }
        #expect(sorted.directives == expected.directives)
    }
}
