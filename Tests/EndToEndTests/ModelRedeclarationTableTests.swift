import Foundation
import TestSupport
import Testing

/// A quicktype file (a typealias over nested Codable structs) pasted wrong, then fixed and pasted
/// again in every order a paste can take: the compiled inputs after it run, and the fast path's
/// `decode`, the value caught up in the host and a decode in the host all print what the final
/// declarations print compiled with swiftc (ModelRedeclaration/generate.py writes expected.txt).
extension CompiledSwiftFormsSecondHalf {
    @Suite struct ModelRedeclarationTableTests {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ModelRedeclaration")
        static func read(_ name: String) -> String {
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        /// The final declarations, one a line: the typealias, the outer model, the inner one.
        static let models = read("Models.swift").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") }
        static let document = "json " + read("document.json").trimmingCharacters(in: .whitespacesAndNewlines)
        static let alias = models[0]
        static let country = models[1]
        static let name = models[2]
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

        /// Every order once; a compiled input between the pastes for two of them (each row is a
        /// session of its own, so the table is kept to what differs).
        static let rows: [Row] = [
            Row(label: "all again, inner first", wrong: [alias, wrongCountry, wrongName], fix: [name, country, alias], compiledBetween: false),
            Row(label: "all again, outer first", wrong: [alias, wrongCountry, wrongName], fix: [alias, country, name], compiledBetween: false),
            Row(label: "all again, typealias last", wrong: [wrongCountry, wrongName, alias], fix: [country, name, alias], compiledBetween: false),
            Row(label: "inner changed alone", wrong: [alias, country, wrongName], fix: [name], compiledBetween: false),
            Row(label: "outer changed alone", wrong: [alias, wrongCountry, name], fix: [country], compiledBetween: false),
            Row(label: "two changed, typealias first and kept", wrong: [alias, wrongCountry, wrongName], fix: [country, name], compiledBetween: false),
            Row(label: "typealias again, inner changed", wrong: [wrongName, country, alias], fix: [alias, name], compiledBetween: false),
            Row(label: "all again, inner first", wrong: [alias, wrongCountry, wrongName], fix: [name, country, alias], compiledBetween: true),
            Row(label: "inner changed alone", wrong: [alias, country, wrongName], fix: [name], compiledBetween: true),
        ]

        @Test(arguments: rows) func aRedeclaredPasteLeavesCompiledInputsWorking(_ row: Row) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let lines = [Self.document] + row.wrong + (row.compiledBetween ? ["[1].map { $0 + 1 }"] : []) + row.fix
                + ["let countries = decode Countries", "print(countries.map { $0 }); print(countries.map { $0.name.common + \"/\" + $0.cca2 })",
                   "print(try wb.decode(Countries.self).map { $0 })"]
            let result = try await PipedRun.run(try Binaries.workbench, ["--no-sandbox"], input: lines.joined(separator: "\n") + "\n",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            #expect(!result.output.contains("error:"), "\(result.output)")
            let output = result.output.components(separatedBy: "\n")
            let expected = Self.read("expected.txt").split(separator: "\n").map(String.init)
            try #require(expected.count == 2, "run ModelRedeclaration/generate.py")
            // The fast path's `decode`, the caught-up value printed in the host, and a decode in the
            // host (`wb.decode` shows its value as the command does, then `print`).
            #expect(output.filter { $0 == expected[0] }.count == 4, "\(result.output)")
            #expect(output.contains(expected[1]), "\(result.output)")
        }
    }
}
