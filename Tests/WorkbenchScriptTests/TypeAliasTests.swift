import Foundation
import ModelRuntime
import SwiftParser
import SwiftSyntax
import Testing
@testable import WorkbenchScript

/// `typealias` over models (quicktype ends every array-rooted file with one): a name `decode`, other
/// declarations and replay can use wherever the type it stands for could be written.
@Suite struct TypeAliasTests {
    static let body = Data(#"[{"name": "Germany", "borders": ["AUT", "BEL"]}, {"name": "Iceland", "borders": []}]"#.utf8)

    @Test func decodingThroughAnAliasPrintsWhatTheAliasedTypePrints() throws {
        let workspace = ModelWorkspace()
        // quicktype's shape: the root struct, then the alias, pasted as one input.
        let declared = try workspace.declare("""
            struct Country: Codable {
                let name: String
                let borders: [String]
            }
            typealias Countries = [Country]
            """)
        #expect(declared.map(\.name) == ["Country", "Countries"])
        #expect(ModelWorkspace.summary(of: declared[1]) == "defined Countries")
        workspace.setBody(Self.body)
        let aliased = try workspace.decode("Countries")
        let written = try workspace.decode("[Country]")
        #expect(aliased.summary == written.summary)
        #expect(aliased.printed(moduleName: "main") == written.printed(moduleName: "main"))
    }

    @Test func anAliasMayBeDeclaredBeforeWhatItNamesAndUsedInOtherDeclarations() throws {
        let workspace = ModelWorkspace()
        try workspace.declare("typealias Names = [Name]")
        try workspace.declare("typealias Name = String")
        try workspace.declare("""
            struct Country: Codable {
                let name: Name
                let borders: Names
            }
            """)
        try workspace.declare("typealias Maybe = Countries?\ntypealias Countries = [Country]")
        workspace.setBody(Self.body)
        let aliased = try workspace.decode("Maybe")
        let written = try workspace.decode("[Country]?")
        #expect(aliased.printed(moduleName: "main") == written.printed(moduleName: "main"))
    }

    @Test func anAliasOfAnUndeclaredTypeFailsWhereTheNameIsWritten() throws {
        let workspace = ModelWorkspace()
        try workspace.declare("typealias Countries = [Country]")
        workspace.setBody(Self.body)
        #expect(throws: ModelTypeError("cannot find type 'Country' in scope", line: 1, column: 24)) {
            try workspace.decode("Countries")
        }
    }

    @Test func anAliasThatReferencesItselfIsRefused() throws {
        let workspace = ModelWorkspace()
        try workspace.declare("typealias A = B")
        #expect(throws: ModelSourceError("type alias 'B' references itself", line: 1)) {
            try workspace.declare("typealias B = [A]")
        }
    }

    @Test func printedAsSwiftItParsesBackTheSame() throws {
        let declared = try DeclarationParser.parse("typealias Index = [String: [Post?]]")
        let again = try DeclarationParser.parse(declared[0].swiftSource())
        #expect(declared[0].swiftSource() == "typealias Index = [String: [Post?]]")
        #expect(again == declared)
    }

    @Test(arguments: [
        ("typealias Posts = [Post]", true),
        ("typealias Lookup = [String: Post?]", true),
        ("typealias Handler = (Int) -> Void", false),
        ("typealias Box<T> = [T]", false),
        ("typealias Pair = (Int, Int)", false),
        ("struct Post: Codable {}", false),
    ])
    @MainActor func onlyAliasesOfModelTypesAreDeclaredWithTheModels(source: String, isModel: Bool) throws {
        let item = try #require(Parser.parse(source: source).statements.first)
        let declaration = try #require(item.item.as(DeclSyntax.self))
        #expect(DeclarationParser.isModelAlias(declaration) == isModel)
        #expect(SwiftRunner.isModel(item) == (isModel || source.hasPrefix("struct")))
    }
}
