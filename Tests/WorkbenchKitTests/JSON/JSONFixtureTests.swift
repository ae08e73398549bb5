import Foundation
import Testing
@testable import WorkbenchKit

/// The real API data the repository ships (the sandbox's resources), read where the checkout has it.
@Suite("JSON on the sandbox's real API data")
struct JSONFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/Sandbox/Data").standardized

    /// Paths of every `.json` under the sandbox's data, relative to it.
    static func files() -> [String] {
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("the sandbox's data is there to read (a checkout always has it)")
    func dataIsPresent() {
        #expect(Self.files().count >= 10, "expected the sandbox's JSON files under \(Self.root.path)")
    }

    @Test("every file reads as Foundation reads it and prints back to the same document", arguments: files())
    func fixture(_ file: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(file))
        // The reference decode tries each type in turn (slow in debug builds): the big files are
        // compared printed-against-parsed only.
        let reference = data.count > 300_000 ? nil : try JSONDecoder().decode(ReferenceValue.self, from: data)
        let document = try JSONDocument(parsing: data)
        if let reference {
            #expect(ReferenceValue(document.root) == reference)
        }
        var printed: [UInt8] = []
        try JSONPrinter().format(data, into: &printed)
        // Same tokens in the same order (compact forms below) and the same tree shape.
        let reparsed = try JSONDocument(parsing: printed)
        #expect(reparsed.entryCount == document.entryCount)
        var compact: [UInt8] = []
        var recompacted: [UInt8] = []
        try JSONPrinter(layout: .compact).format(data, into: &compact)
        try JSONPrinter(layout: .compact).format(printed, into: &recompacted)
        #expect(compact == recompacted)
    }
}
