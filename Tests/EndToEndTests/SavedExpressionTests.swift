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
        // Masked: the time of the sandbox's answer.
        #expect(SnippetOutput.masked(typed.output, sizesAndClocks: false) == #"""
            defined Country (2 properties)
            HTTP 200 OK · application/json · 1.2 KB · TIME
            \#(Self.germanyShown)
            [Country] · 1 value
            [main.Country(name: "Germany", borders: Optional(["AUT", "BEL", "CZE", "DNK", "FRA", "LUX", "NLD", "POL", "CHE"]))]
            countries.map(\.name): [String]
            ["Germany"]
            countries.count: Int
            1
            country: Germany
            countries[0].borders?.joined(separator: "+"): String?
            Optional("AUT+BEL+CZE+DNK+FRA+LUX+NLD+POL+CHE")
            saved \#(folder.path)/shown.swift (8 steps)
            no Package.swift beside \#(folder.path): `workbench replay \#(folder.path)/shown.swift` runs it; `swift run shown` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            """#, "\(typed.output)")

        let file = folder.appendingPathComponent("shown.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == #"""
            // A Workbench session saved as shown.
            //
            // Replay it with `workbench replay shown --step`. `swift run shown` needs it in the Snippets/ folder of a SwiftPM package that depends on WorkbenchKit.

            import Foundation
            import Sandbox
            import WorkbenchKit

            struct Country: Codable {
              let name: String
              let borders: [String]?
            }

            let sandbox = try await Sandbox.start()
            let wb = Workbench(base: "sandbox/restcountries/v2", sandbox: sandbox.baseURL)

            try await wb.get("/name/germany", query: ["fullText": "true"])
            let countries = try wb.decode([Country].self)
            print(countries.map(\.name))
            print(countries.count)
            countries.forEach { print("country:", $0.name) }
            print(countries[0].borders?.joined(separator: "+"))

            """#, "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "shown")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        // Replayed, the snippet prints each value the session showed (its types in the snippet's
        // module), and nothing for the `Void` call.
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(SnippetOutput.results(of: replayed.output, sizesAndClocks: false) == #"""
            HTTP 200 OK · application/json · 1.2 KB · TIME
            \#(Self.germanyShown)
            [Country] · 1 value
            [shown.Country(name: "Germany", borders: Optional(["AUT", "BEL", "CZE", "DNK", "FRA", "LUX", "NLD", "POL", "CHE"]))]
            ["Germany"]
            1
            country: Germany
            Optional("AUT+BEL+CZE+DNK+FRA+LUX+NLD+POL+CHE")

            """#, "\(replayed.output)")
    }

    /// What `get /name/germany` shows of the body: its first 40 lines.
    static let germanyShown = #"""
        [
          {
            "alpha2Code": "DE",
            "alpha3Code": "DEU",
            "altSpellings": [
              "DE",
              "Federal Republic of Germany",
              "Bundesrepublik Deutschland"
            ],
            "area": 357114,
            "borders": [
              "AUT",
              "BEL",
              "CZE",
              "DNK",
              "FRA",
              "LUX",
              "NLD",
              "POL",
              "CHE"
            ],
            "callingCodes": [
              "49"
            ],
            "capital": "Berlin",
            "currencies": [
              {
                "code": "EUR",
                "name": "Euro",
                "symbol": "\u20ac"
              }
            ],
            "demonym": "German",
            "independent": true,
            "flag": "https://flagcdn.com/de.svg",
            "flags": {
              "svg": "https://flagcdn.com/de.svg",
              "png": "https://flagcdn.com/w320/de.png"
            },
            "gini": 31.9,
        … 51 more lines · `body --all` shows them
        """#
}
