import GraphQLDocuments
import Testing

/// Every document and value of Fixtures/expected.json, parsed here and by graphql-core.
@Suite struct FixtureTests {
    @Test func fixtureCoversEnough() {
        let fixture = Fixture.loaded
        #expect(fixture.generator.contains("graphql-core 3.2.8"))
        #expect(fixture.documents.count >= 40)
        #expect(fixture.documents.contains { $0.result == "ok" })
        #expect(fixture.documents.contains { $0.result == "error" })
    }

    @Test(arguments: Fixture.loaded.documents)
    func document(_ testCase: Fixture.DocumentCase) {
        do {
            let document = try GraphQLParser.parse(testCase.query)
            #expect(testCase.result == "ok", "parsed, but graphql-core says: \(testCase.error?.message ?? "")")
            #expect(ASTDump.document(document) == testCase.ast)
        } catch {
            #expect(testCase.result == "error", "refused: \(error.message)")
            let found = Fixture.ExpectedError(message: error.message, line: error.location.line, column: error.location.column)
            #expect(found == testCase.error)
        }
    }

    @Test(arguments: Fixture.loaded.values)
    func value(_ testCase: Fixture.ValueCase) {
        do {
            let value = try GraphQLParser.parseValue(testCase.text)
            #expect(testCase.result == "ok")
            #expect(value.description == testCase.printed)
        } catch {
            let found = Fixture.ExpectedError(message: error.message, line: error.location.line, column: error.location.column)
            #expect(found == testCase.error)
        }
    }
}
