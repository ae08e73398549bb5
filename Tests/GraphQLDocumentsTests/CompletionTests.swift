import GraphQLDocuments
import Testing

@Suite struct CompletionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var context: GraphQLCompletionContext
        var candidates: [String]
        var testDescription: String { String(reflecting: text) }
    }

    static let cases: [Case] = [
        Case(text: "{ coun", context: .field(type: "Query", prefix: "coun"), candidates: ["countries", "country"]),
        Case(text: "{ countries { na", context: .field(type: "Country", prefix: "na"), candidates: ["name"]),
        Case(text: "{ countries { continent { ", context: .field(type: "Continent", prefix: ""),
             candidates: ["__typename", "code", "countries", "name"]),
        Case(text: "query Q($c: ID!) { country(code: $c) { lang", context: .field(type: "Country", prefix: "lang"),
             candidates: ["languages"]),
        Case(text: "{ countries(fil", context: .argument(type: "Query", field: "countries", prefix: "fil"), candidates: ["filter"]),
        Case(text: "{ countries(filter: {cu", context: .inputField(inputType: "CountryFilterInput", prefix: "cu"),
             candidates: ["currency"]),
        Case(text: "{ countries(filter: {currency: {e", context: .inputField(inputType: "StringQueryOperatorInput", prefix: "e"),
             candidates: ["eq"]),
        Case(text: "fragment F on Cou", context: .typeName(prefix: "Cou", role: .typeCondition), candidates: ["Country"]),
        Case(text: "{ ... on Country { ca", context: .field(type: "Country", prefix: "ca"), candidates: ["capital"]),
        Case(text: "{ a: country(code: \"CO\") { ca", context: .field(type: "Country", prefix: "ca"), candidates: ["capital"]),
        Case(text: "{ country(code: \"{\") { na", context: .field(type: "Country", prefix: "na"), candidates: ["name"]),
        Case(text: "{ countries { name } cont", context: .field(type: "Query", prefix: "cont"), candidates: ["continents"]),
        Case(text: "", context: .keyword(prefix: ""), candidates: ["fragment", "query", "{"]),
        Case(text: "qu", context: .keyword(prefix: "qu"), candidates: ["query"]),
        Case(text: "{ countries { name } } ", context: .keyword(prefix: ""), candidates: ["fragment", "query", "{"]),
        Case(text: "query Q($c: ", context: .typeName(prefix: "", role: .variableType),
             candidates: ["Boolean", "CountryFilterInput", "ID", "String", "StringQueryOperatorInput"]),
        Case(text: "query Q($c: ID! = \"CO\", $d: [Str", context: .typeName(prefix: "Str", role: .variableType),
             candidates: ["String", "StringQueryOperatorInput"]),
        Case(text: "query Q($f: CountryFilterInput = {na", context: .inputField(inputType: "CountryFilterInput", prefix: "na"),
             candidates: ["name"]),
        Case(text: "{ countries(filter: {code: {eq: \"CO\"}, ", context: .inputField(inputType: "CountryFilterInput", prefix: ""),
             candidates: ["code", "continent", "currency", "name"]),
        Case(text: "{ countries(filter: {code: {in: [\"CO\", \"FR\"], n",
             context: .inputField(inputType: "StringQueryOperatorInput", prefix: "n"), candidates: ["ne", "nin"]),
        Case(text: "{ countries(filter: {code: {eq: \"CO\"}}) { continent { name } lan",
             context: .field(type: "Country", prefix: "lan"), candidates: ["languages"]),
        Case(text: "{ countries @include(if: true) { cod", context: .field(type: "Country", prefix: "cod"), candidates: ["code"]),
        Case(text: "{ ...F } fragment F on Country { languages { r", context: .field(type: "Language", prefix: "r"),
             candidates: ["rtl"]),
        Case(text: "{ countries { ... on Cou", context: .typeName(prefix: "Cou", role: .typeCondition), candidates: ["Country"]),
        Case(text: "{ __typename __sch", context: .field(type: "Query", prefix: "__sch"), candidates: ["__schema"]),
        Case(text: "{ __schema { que", context: .field(type: "__Schema", prefix: "que"), candidates: ["queryType"]),
        // Typed wrongly, still placed: the `)` closes the arguments and the object left open in them.
        Case(text: "{ countries(filter: {code: {eq: \"CO\"}) { na", context: .field(type: "Country", prefix: "na"),
             candidates: ["name"]),
        Case(text: "{ a % { b } coun", context: .field(type: "Query", prefix: "coun"), candidates: ["countries", "country"]),
        // Nothing to offer.
        Case(text: "{ country(code: \"CO", context: .none, candidates: []),
        Case(text: "{ countries(filter: ", context: .none, candidates: []),
        Case(text: "{ countries # coun", context: .none, candidates: []),
        Case(text: "{ nope { ", context: .none, candidates: []),
        Case(text: "{ countries { name { ", context: .none, candidates: []),
        Case(text: "{ countries(filter: {nope: {", context: .none, candidates: []),
        Case(text: "{ nope(", context: .none, candidates: []),
        Case(text: "{ countries @inc", context: .none, candidates: []),
        Case(text: "query Q", context: .none, candidates: []),
        Case(text: "mutation { ", context: .none, candidates: []),
        Case(text: "{ countries { ..", context: .none, candidates: []),
    ]

    @Test(arguments: cases)
    func context(_ testCase: Case) {
        let context = GraphQLCompletionContext(text: testCase.text, schema: CountriesSchema.schema)
        #expect(context == testCase.context)
        #expect(context.candidates(schema: CountriesSchema.schema) == testCase.candidates)
    }

    @Test func keywordsFollowTheSchemasRoots() {
        let schema = CountriesSchema.withMutation
        #expect(GraphQLCompletionContext(text: "", schema: schema).candidates(schema: schema)
                == ["fragment", "mutation", "query", "{"])
        #expect(GraphQLCompletionContext(text: "mutation { to", schema: schema) == .field(type: "Mutation", prefix: "to"))
    }

    @Test func prefixIsWhatWasTyped() {
        #expect(GraphQLCompletionContext.field(type: "Query", prefix: "co").prefix == "co")
        #expect(GraphQLCompletionContext.none.prefix == "")
        #expect(GraphQLCompletionContext.none.candidates(schema: CountriesSchema.schema).isEmpty)
    }
}
