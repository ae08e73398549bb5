import Foundation
import Testing
@testable import WorkbenchKit

struct Release: Codable {
    let version: String
    let date: Date
}

/// `Workbench.decode` for compiled snippets: Foundation's JSONDecoder, printed as the REPL prints.
@MainActor
@Suite struct SnippetDecodeTests {
    let document = #"{"data": {"releases": [{"version": "0.1", "date": "2026-11-21T20:00:00Z"}, {"version": "1e2", "date": "2026-11-28T09:30:00.000Z"}]}, "n": 1.50}"#

    func workbench(terminal: Bool = false) throws -> (Workbench, Console) {
        let console = Console(capturingWithColors: false, terminal: terminal)
        let wb = Workbench(console: console)
        try wb.json(document)
        console.clearCaptured()
        return (wb, console)
    }

    @Test func printsASummaryThenWhatPrintPrints() throws {
        let (wb, console) = try workbench()
        let releases = try wb.decode([Release].self, dates: .iso8601, at: "data.releases")
        #expect(releases.count == 2)
        #expect(console.capturedText.hasPrefix("[Release] · 2 values\n[WorkbenchKitTests.Release(version: \"0.1\", date: 2026-11-21 20:00:00 +0000)"))
    }

    @Test func aValueAtAPathIsDecodedFromItsExactText() throws {
        let (wb, _) = try workbench()
        // The number's text reaches JSONDecoder as written: `1.50` decodes as a Decimal with scale.
        let number = try wb.decode(Decimal.self, at: "n")
        #expect(number == Decimal(string: "1.50"))
        let version = try wb.decode(String.self, at: "data.releases[1].version")
        #expect(version == "1e2")
    }

    @Test func failuresAreJSONDecodersAndThePathsOwn() throws {
        let (wb, _) = try workbench()
        // Without `.iso8601`, a date string is a type mismatch, as JSONDecoder says.
        #expect(throws: DecodingError.self) { try wb.decode([Release].self, at: "data.releases") }
        #expect { try wb.decode(Int.self, at: "data.missing") } throws: { "\($0)" == "no member 'missing' in the object at 'data'" }
        let fresh = Workbench(console: Console(capturingWithColors: false))
        #expect(throws: WorkbenchError.noResponse) { try fresh.decode(Int.self) }
    }

    @Test(arguments: [
        ("Swift.Array<m.Post>", "[Post]"), ("Swift.Optional<Swift.Array<m.Post.Address>>", "[Post.Address]?"),
        ("Swift.Dictionary<Swift.String, Swift.Int>", "[String: Int]"), ("FoundationEssentials.Date", "Date"),
        ("Swift.Array<Swift.Array<Swift.Int>>", "[[Int]]"), ("other.Thing", "other.Thing"),
    ])
    func typeNamesReadAsSource(reflected: String, source: String) {
        #expect(SwiftTypeName.readable(reflected, dropping: "m") == source)
    }

    @Test func aTerminalCutsLongArraysBetweenElements() {
        let elements = (1...400).map { "\"element \($0)\"" }
        let report = DecodedValueReport(typeName: "[String]", count: (400, false), text: "[" + elements.joined(separator: ", ") + "]",
                                        elements: elements)
        let (text, cut) = report.text(limit: 100)
        #expect(cut)
        #expect(text.hasSuffix(#""element 8", … 392 more]"#))
        #expect(report.text(limit: nil) == (report.fullText, false))
        #expect(report.summary == "[String] · 400 values")
    }

    @Test func jsonSaysWhatTheDocumentHolds() throws {
        let console = Console(capturingWithColors: false)
        let wb = Workbench(console: console)
        try wb.json("[1, 2]")
        #expect(console.capturedText == "current body: an array of 2 elements (6 bytes)\n")
    }

    @Test func aDocumentThatIsNotValidJSONIsKeptWithAWarningAndJSONDecoderReportsIt() throws {
        struct Item: Codable { let id: Int }
        let console = Console(capturingWithColors: false)
        let wb = Workbench(console: console)
        try wb.json(#"{"id": 1, "note": 01}"#)
        #expect(console.capturedText.hasPrefix("warning: not valid JSON (line 1, column "))
        // JSONDecoder checks a number only when the type reads it: `note` is never read.
        #expect(try wb.decode(Item.self).id == 1)
        try wb.json("{")
        #expect(throws: DecodingError.self) { try wb.decode(Item.self) }
    }
}
