import Foundation
import TestSupport
import Testing

/// A quicktype file (a typealias over nested Codable structs) pasted wrong, then fixed and pasted
/// again in every order a paste can take: the compiled inputs after it run, and what they print is
/// what the fast path's `decode` printed for the same document (issue 34, "One log, one meaning").
/// The expected values are the REPL's own `decode`, not a separate swiftc run.
extension CompiledSwiftSuites {
    @Suite struct ModelRedeclarationTableTests {
        static let document = #"json [{"name": {"common": "Peru", "official": "Republic of Peru"}, "cca2": "PE", "area": 1285216.0}]"#
        static let alias = "typealias Countries = [Country]"
        static let country = "struct Country: Codable { let name: Name; let cca2: String; let area: Double }"
        static let name = "struct Name: Codable { let common: String; let official: String }"
        static let wrongCountry = "struct Country: Codable { let name: Name; let cca2: String; let area: String }"
        static let wrongName = "struct Name: Codable { let common: String; let native: String }"

        struct Row: CustomTestStringConvertible, Sendable {
            let label: String
            let wrong: [String]
            let fix: [String]
            /// A compiled input between the wrong paste and the fix: the wrong models are then in
            /// an earlier library of the host, not in the same catch-up.
            let compiledBetween: Bool
            var testDescription: String { label + (compiledBetween ? ", compiled between" : "") }
        }

        static let rows: [Row] = [false, true].flatMap { between in [
            Row(label: "all again, inner first", wrong: [alias, wrongCountry, wrongName], fix: [name, country, alias], compiledBetween: between),
            Row(label: "all again, outer first", wrong: [alias, wrongCountry, wrongName], fix: [alias, country, name], compiledBetween: between),
            Row(label: "all again, typealias last", wrong: [wrongCountry, wrongName, alias], fix: [country, name, alias], compiledBetween: between),
            Row(label: "inner changed alone", wrong: [alias, country, wrongName], fix: [name], compiledBetween: between),
            Row(label: "outer changed alone", wrong: [alias, wrongCountry, name], fix: [country], compiledBetween: between),
            Row(label: "two changed, typealias first and kept", wrong: [alias, wrongCountry, wrongName], fix: [country, name], compiledBetween: between),
            Row(label: "typealias again, inner changed", wrong: [wrongName, country, alias], fix: [alias, name], compiledBetween: between),
        ] }

        @Test(arguments: rows) func aRedeclaredPasteLeavesCompiledInputsWorking(_ row: Row) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let lines = [Self.document] + row.wrong + (row.compiledBetween ? ["[1].map { $0 + 1 }"] : []) + row.fix
                + ["let countries = decode Countries", "print(countries.map { $0 })", "print(try wb.decode(Countries.self).map { $0 })",
                   "countries.map { $0.name.common + \"/\" + $0.cca2 }"]
            let result = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: lines.joined(separator: "\n") + "\n",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            #expect(!result.output.contains("error:"), "\(result.output)")
            let output = result.output.components(separatedBy: "\n")
            // The first is the fast path's `decode`.
            let decoded = try #require(output.first { $0.hasPrefix("[main.Country(name: main.Name(common: \"Peru\"") }, "\(result.output)")
            // The caught-up value printed in the host, and a decode in the host (`wb.decode` shows
            // its value as the command does, then `print`), read as the fast path's `decode`.
            #expect(output.filter { $0 == decoded }.count == 4, "\(result.output)")
            #expect(result.output.contains("[\"Peru/PE\"]"), "\(result.output)")
        }
    }
}
