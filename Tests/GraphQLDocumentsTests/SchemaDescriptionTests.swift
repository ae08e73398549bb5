import Foundation
import GraphQLDocuments
import Testing

@Suite struct SchemaDescriptionTests {
    typealias TypeRef = GraphQLSchemaDescription.TypeRef

    @Test func typeRefReadsIntrospectionsNesting() throws {
        let json = """
            {"kind": "NON_NULL", "name": null, "ofType": {"kind": "LIST", "ofType":
              {"kind": "NON_NULL", "name": null, "ofType": {"kind": "OBJECT", "name": "Country", "ofType": null}}}}
            """
        let type = try JSONDecoder().decode(TypeRef.self, from: Data(json.utf8))
        #expect(type == .nonNull(.list(.nonNull(.named(.OBJECT, "Country")))))
        #expect(type.description == "[Country!]!")
        #expect(type.namedType == "Country" && type.namedKind == .OBJECT)
        #expect(type.isNonNull && !TypeRef.list(.named(.SCALAR, "ID")).isNonNull)
        #expect(type.listElement == .nonNull(.named(.OBJECT, "Country")))
        #expect(try JSONDecoder().decode(TypeRef.self, from: Data(#"{"kind": "SCALAR", "name": "ID"}"#.utf8)) == .named(.SCALAR, "ID"))
    }

    @Test func typeRefWritesEveryKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(TypeRef.nonNull(.named(.SCALAR, "ID"))), as: UTF8.self)
        #expect(json == #"{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}}"#)
    }

    @Test func readsAnIntrospectionType() throws {
        let json = """
            {"kind": "OBJECT", "name": "Country", "description": null, "interfaces": [], "enumValues": null,
             "inputFields": null, "possibleTypes": null, "fields": [{"name": "name", "description": null, "args": [],
             "type": {"kind": "NON_NULL", "ofType": {"kind": "SCALAR", "name": "String"}},
             "isDeprecated": false, "deprecationReason": null}]}
            """
        let type = try JSONDecoder().decode(GraphQLSchemaDescription.FullType.self, from: Data(json.utf8))
        #expect(type == GraphQLSchemaDescription.FullType(
            kind: .OBJECT, name: "Country",
            fields: [.init(name: "name", type: .nonNull(.named(.SCALAR, "String")))], interfaces: []))
    }

    @Test func wholeSchemaRoundTrips() throws {
        let schema = CountriesSchema.schema
        let decoded = try JSONDecoder().decode(GraphQLSchemaDescription.self, from: JSONEncoder().encode(schema))
        #expect(decoded == schema)
        #expect(schema.type(named: "Country")?.fields?.count == 5)
        #expect(schema.type(named: "Nope") == nil)
    }
}
