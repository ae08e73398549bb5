import GraphQLDocuments
import Testing
@testable import GraphQLExecution

/// The generic executor on the tiny schema: exact response bytes.
@Suite struct ExecutorTests {
    private func expectResponse(_ query: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TinySchema.run(query) == expected, sourceLocation: sourceLocation)
    }

    private func expectResponse(
        _ query: String, _ variables: [String: GraphQLJSONValue], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(TinySchema.run(query, variables) == expected, sourceLocation: sourceLocation)
    }

    private func expectResponse(_ query: String, operationName: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TinySchema.run(query, operationName: operationName) == expected, sourceLocation: sourceLocation)
    }

    @Test func nullPropagatesToTheNearestNullableField() {
        expectResponse(#"{ person(id: "2") { name mustHave } }"#, #"""
        {"data":{"person":null},"errors":[{"message":"Cannot return null for non-nullable field Person.mustHave.","locations":[{"line":1,"column":26}],"path":["person","mustHave"]}]}
        """#)
        expectResponse(#"{ nested { value inner { value inner { value broken inner { value } } } } }"#, #"""
        {"data":{"nested":{"value":"level 0","inner":{"value":"level 1","inner":null}}},"errors":[{"message":"Cannot return null for non-nullable field Nested.broken.","locations":[{"line":1,"column":46}],"path":["nested","inner","inner","broken"]}]}
        """#)
    }

    @Test func nullReachingTheRootMakesDataNullAndKeepsEveryError() {
        // The spec's answer (§6.4.4): `data` null, the errors raised before it kept.
        expectResponse(#"{ failing failingNonNull }"#, #"""
        {"data":null,"errors":[{"message":"This field always fails.","locations":[{"line":1,"column":3}],"path":["failing"]},{"message":"This non-null field fails.","locations":[{"line":1,"column":11}],"path":["failingNonNull"]}]}
        """#)
        expectResponse(#"{ people { name mustHave } }"#, #"""
        {"data":null,"errors":[{"message":"Cannot return null for non-nullable field Person.mustHave.","locations":[{"line":1,"column":17}],"path":["people",1,"mustHave"]}]}
        """#)
        #expect(!TinySchema.schema.execute(query: "{ failingNonNull }").failedBeforeExecution)
    }

    /// Lists nested in lists grow without bound: past the limit the execution stops with one
    /// error and no data, which no nullable field on the way catches.
    @Test func aResponseThatOutgrowsTheLimitIsOneError() {
        let small = TinySchema.make(maximumDataBytes: 300)
        #expect(small.execute(query: "{ people { name } }").text.hasPrefix(#"{"data":{"people":"#))
        let response = small.execute(query: "{ hero { name } people { friends { friends { friends { friends { name nickname } } } } } }")
        #expect(response.text == #"""
            {"errors":[{"message":"The response would be larger than 300 bytes: ask for fewer fields, filter the lists, or nest them less deeply.","path":[]}]}
            """#)
        #expect(!response.failedBeforeExecution)
    }

    @Test func errorsInListsHaveIndexedPaths() {
        expectResponse(#"{ people { name nickname } }"#, #"""
        {"data":{"people":[{"name":"Ada","nickname":"Countess"},{"name":"Alan","nickname":null},{"name":"Grace \"Amazing\"\nHopper\u0007é🙂","nickname":null}]},"errors":[{"message":"No nickname for Alan.","locations":[{"line":1,"column":17}],"path":["people",1,"nickname"]}]}
        """#)
        expectResponse(#"{ numbers strictNumbers }"#, #"""
        {"data":{"numbers":[1,null,3],"strictNumbers":null},"errors":[{"message":"Cannot return null for non-nullable field Query.strictNumbers.","locations":[{"line":1,"column":11}],"path":["strictNumbers",1]}]}
        """#)
        expectResponse("{ failing\n  a: failing }", #"""
        {"data":{"failing":null,"a":null},"errors":[{"message":"This field always fails.","locations":[{"line":1,"column":3}],"path":["failing"]},{"message":"This field always fails.","locations":[{"line":2,"column":3}],"path":["a"]}]}
        """#)
    }

    @Test func leafValuesAreSerializedOrRefused() {
        expectResponse(#"{ badInt ratio }"#, #"""
        {"data":{"badInt":null,"ratio":0.25},"errors":[{"message":"Int cannot represent non-integer value: not a number","locations":[{"line":1,"column":3}],"path":["badInt"]}]}
        """#)
        expectResponse(#"{ person(id: "3") { name mood age } }"#, #"""
        {"data":{"person":{"name":"Grace \"Amazing\"\nHopper\u0007é🙂","mood":"GRUMPY","age":null}}}
        """#)
    }

    @Test func fragmentsOnInterfacesAndUnions() {
        expectResponse(#"""
        { hero { name ... on Person { id friends { ...Names } } ...R }
          search(term: "R") { __typename ... on Character { name } ... on Robot { model } } }
        fragment R on Robot { model }
        fragment Names on Person { name __typename }
        """#, #"""
        {"data":{"hero":{"name":"Ada","id":"1","friends":[{"name":"Alan","__typename":"Person"}]},"search":[{"__typename":"Robot","name":"R2-D2","model":"Astromech"}]}}
        """#)
        // Fields merge by response key, in first-seen order, across fragments.
        expectResponse(#"{ person(id: "1") { ...A name id: name ...A } } fragment A on Person { age id }"#, #"""
        {"data":{"person":{"age":36,"id":"1","name":"Ada"}}}
        """#)
    }

    @Test func skipAndIncludeWithLiteralsAndVariables() {
        let query = #"""
        query ($yes: Boolean!, $no: Boolean = false) {
          person(id: "1") { name @skip(if: $yes) age @include(if: $yes) ... @include(if: $no) { id } ...F @skip(if: $no) }
          a: numbers @include(if: false)
          b: numbers @skip(if: false) @include(if: true)
        }
        fragment F on Person { mood }
        """#
        expectResponse(query, ["yes": .bool(true)], #"{"data":{"person":{"age":36,"mood":"HAPPY"},"b":[1,null,3]}}"#)
        expectResponse(query, ["yes": .bool(false), "no": .bool(true)], #"{"data":{"person":{"name":"Ada","id":"1"},"b":[1,null,3]}}"#)
    }

    @Test func argumentsAreCoercedWithDefaults() {
        expectResponse(#"""
        query ($t: [String!], $i: EchoInput, $m: Mood) {
          a: echo
          b: echo(text: "x", times: 3, tags: "one", mood: SAD, input: {text: "y"})
          c: echo(tags: $t, input: $i, mood: $m)
        }
        """#, ["t": .string("solo"), "i": .object([("text", .string("z"))]), "m": .string("GRUMPY")], #"""
        {"data":{"a":"times=1 mood=\"HAPPY\"","b":"text=\"x\" times=3 tags=[\"one\"] mood=\"SAD\" input={\"text\":\"y\",\"repeat\":2}","c":"times=1 tags=[\"solo\"] mood=\"GRUMPY\" input={\"text\":\"z\",\"repeat\":2}"}}
        """#)
    }

    @Test func variablesAreCheckedBeforeExecution() {
        let missing = TinySchema.schema.execute(query: "query Q($id: ID!) { person(id: $id) { name } }")
        #expect(missing.failedBeforeExecution)
        #expect(missing.text == #"""
        {"errors":[{"message":"Variable \"$id\" got invalid value \"undefined\".\nExpected non-null value was not provided.","locations":[{"line":1,"column":9}],"path":[]}]}
        """#)
        expectResponse(#"query ($m: Mood!) { echo(mood: $m) }"#, ["m": .string("ANGRY")], #"""
        {"errors":[{"message":"Variable \"$m\" got invalid value \"\"ANGRY\"\".\nExpected type \"Mood\", found \"ANGRY\".","locations":[{"line":1,"column":8}],"path":[]}]}
        """#)
        expectResponse(#"query ($i: EchoInput!) { echo(input: $i) }"#, ["i": .object([("repeat", .string("x"))])], #"""
        {"errors":[{"message":"Variable \"$i\" got invalid value \"{\"repeat\":\"x\"}\".\nIn field \"text\": Expected non-null value was not provided.\nIn field \"repeat\": Expected type \"Int\", found \"x\".","locations":[{"line":1,"column":8}],"path":[]}]}
        """#)
        expectResponse(#"query ($id: ID = "3") { person(id: $id) { id } }"#, #"{"data":{"person":{"id":"3"}}}"#)
    }

    @Test func validationOnAbstractTypesAndEnums() {
        expectResponse(#"{ hero { nme } }"#, #"""
        {"errors":[{"message":"Cannot query field \"nme\" on type \"Character\". Did you mean \"name\"?","locations":[{"line":1,"column":10}],"path":[]}]}
        """#)
        expectResponse(#"{ search(term: "A") { name } }"#, #"""
        {"errors":[{"message":"Cannot query field \"name\" on type \"SearchResult\". Did you mean to use an inline fragment on \"Character\", \"Person\", or \"Robot\"?","locations":[{"line":1,"column":23}],"path":[]}]}
        """#)
        expectResponse(#"{ echo(mood: HAPPPY) b: echo(mood: "SAD") c: echo(input: {repeat: 3}) }"#, #"""
        {"errors":[{"message":"Value \"HAPPPY\" does not exist in \"Mood\" enum. Did you mean the enum value \"HAPPY\"?","locations":[{"line":1,"column":14}],"path":[]},{"message":"Enum \"Mood\" cannot represent non-enum value: \"SAD\". Did you mean the enum value \"SAD\"?","locations":[{"line":1,"column":36}],"path":[]},{"message":"Field \"EchoInput.text\" of required type \"String!\" was not provided.","locations":[{"line":1,"column":58}],"path":[]}]}
        """#)
        expectResponse(#"{ hero { ... on Robot { model } ... on Person { id } } person(id: "1") { ... on Robot { model } } }"#, #"""
        {"errors":[{"message":"Fragment cannot be spread here as objects of type \"Person\" can never be of type \"Robot\".","locations":[{"line":1,"column":74}],"path":[]}]}
        """#)
    }

    @Test func operationSelection() {
        let document = "query A { numbers } query B { ratio }"
        expectResponse(document, operationName: "B", #"{"data":{"ratio":0.25}}"#)
        expectResponse(document, #"{"errors":[{"message":"Must provide operation name if query contains multiple operations.","path":[]}]}"#)
        expectResponse(document, operationName: "C", #"{"errors":[{"message":"Unknown operation named \"C\".","path":[]}]}"#)
    }

    @Test func introspectionOfAbstractTypesAndDeprecation() {
        expectResponse(#"""
        { __type(name: "Character") { kind possibleTypes { name } fields { name } interfaces { name } }
          m: __type(name: "Mood") { enumValues { name } all: enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } }
          r: __type(name: "Robot") { fields { name } all: fields(includeDeprecated: true) { name isDeprecated } interfaces { name } }
          u: __type(name: "SearchResult") { possibleTypes { name } fields { name } } }
        """#, #"""
        {"data":{"__type":{"kind":"INTERFACE","possibleTypes":[{"name":"Person"},{"name":"Robot"}],"fields":[{"name":"name"}],"interfaces":[]},"m":{"enumValues":[{"name":"HAPPY"},{"name":"SAD"}],"all":[{"name":"HAPPY","isDeprecated":false,"deprecationReason":null},{"name":"SAD","isDeprecated":false,"deprecationReason":null},{"name":"GRUMPY","isDeprecated":true,"deprecationReason":"Be nice."}]},"r":{"fields":[{"name":"name"}],"all":[{"name":"model","isDeprecated":true},{"name":"name","isDeprecated":false}],"interfaces":[{"name":"Character"}]},"u":{"possibleTypes":[{"name":"Person"},{"name":"Robot"}],"fields":null}}}
        """#)
    }

    @Test func syntaxErrorsAreReportedAsGraphQLSwiftDoes() {
        let response = TinySchema.schema.execute(query: "{\n  person(id: \"1\") { name }\n  ratio(\n}")
        #expect(response.failedBeforeExecution)
        #expect(response.text == #"""
        {"errors":[{"message":"Syntax Error GraphQL request (4:1) Expected Name, found }\n\n 3:   ratio(\n 4: }\n    ^\n","locations":[{"line":4,"column":1}],"path":[]}]}
        """#)
    }

    @Test func declarationMistakesAreRefused() {
        let undeclared = GraphQLSchemaDescription(
            queryType: .init(name: "Query"),
            types: [.object("Query", fields: [.field("a", .object("Missing"))])] + GraphQLStandardSchemaParts.scalars,
            directives: []
        )
        #expect(throws: GraphQLSchemaError(message: "Query uses the type Missing, which the schema does not declare.")) {
            try GraphQLExecutableSchema(description: undeclared, resolvers: [:])
        }
        let badDefault = GraphQLSchemaDescription(
            queryType: .init(name: "Query"),
            types: [.object("Query", fields: [.field("a", .scalar("Int"), args: [.input("n", .scalar("Int"), defaultValue: "{")])])]
                + GraphQLStandardSchemaParts.scalars,
            directives: []
        )
        #expect(throws: GraphQLSchemaError.self) { try GraphQLExecutableSchema(description: badDefault, resolvers: [:]) }
    }
}
