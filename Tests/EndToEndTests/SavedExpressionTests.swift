import Foundation
import TestSupport
import Testing

/// Every expression whose value the session showed is saved so that the snippet shows it too,
/// on the fast path (`countries.count`) and the compiled path (`countries.map(\.name)`); a `Void`
/// one is saved as typed, so the snippet prints no `()`.
@Suite struct SavedExpressionTests {
    @Test func shownValuesAreShownByTheSnippetToo() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("Snippets")
        let session = #"""
            base sandbox/restcountries/v2
            struct Country: Codable {
              let name: String
              let borders: [String]?
            }
            get /name/germany fullText==true
            let countries = decode [Country]
            countries.map(\.name)
            countries.count
            countries.forEach { print("country:", $0.name) }
            countries[0].borders?.joined(separator: "+")
            save shown --dir \#(folder.path)
            """#
        let environment = isolatedEnvironment(home: home.url)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        #expect(typed.status == 0, "\(typed.output)")
        let lines = typed.output.components(separatedBy: "\n")
        let names = try #require(lines.firstIndex(of: #"countries.map(\.name): [String]"#), "\(typed.output)")
        let joined = try #require(lines.firstIndex(of: #"countries[0].borders?.joined(separator: "+"): String?"#), "\(typed.output)")

        let file = folder.appendingPathComponent("shown.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("\nprint(countries.map(\\.name))\n"), "\(saved)")
        #expect(saved.contains("\nprint(countries.count)\n"), "\(saved)")
        #expect(saved.contains("\ncountries.forEach { print(\"country:\", $0.name) }\n"), "\(saved)")
        #expect(saved.contains("\nprint(countries[0].borders?.joined(separator: \"+\"))\n"), "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "shown")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        // Replayed, the snippet prints each value the session showed, and nothing for the `Void` call.
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        let results = SnippetOutput.results(of: replayed.output).components(separatedBy: "\n")
        #expect(results.contains(lines[names + 1]), "\(replayed.output)")
        #expect(results.contains(lines[joined + 1]), "\(replayed.output)")
        #expect(results.contains("1"), "\(replayed.output)")
        #expect(results.filter { $0.hasPrefix("country:") } == lines.filter { $0.hasPrefix("country:") })
        #expect(!results.contains("()"), "\(replayed.output)")
    }
}
