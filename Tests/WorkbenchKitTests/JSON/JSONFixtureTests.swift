import Foundation
import Testing
@testable import WorkbenchKit

private let fixturesRoot = "/work/shared/fixtures"

/// The team's real datasets, read in place when this machine has them (nothing is copied into the repo).
@Suite("JSON on real API fixtures", .enabled(if: FileManager.default.fileExists(atPath: fixturesRoot)))
struct JSONFixtureTests {
    static let root = fixturesRoot

    static func files() -> [String] {
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("every fixture reads as Foundation reads it and prints back to the same document")
    func fixtures() throws {
        let files = Self.files()
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.root)/\(file)"))
            // The reference decode tries each type in turn (slow in debug builds): the big files are
            // compared printed-against-parsed only.
            let reference = data.count > 300_000 ? nil : try? JSONDecoder().decode(ReferenceValue.self, from: data)
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: data)
            } catch {
                #expect(reference == nil && (try? JSONSerialization.jsonObject(with: data)) == nil, "\(file): \(error)")
                continue
            }
            if let reference {
                #expect(ReferenceValue(document.root) == reference, "\(file)")
            }
            var printed: [UInt8] = []
            try JSONPrinter().format(data, into: &printed)
            // Same tokens in the same order (compact forms below) and the same tree shape.
            let reparsed = try JSONDocument(parsing: printed)
            #expect(reparsed.entryCount == document.entryCount, "\(file)")
            var compact: [UInt8] = []
            var recompacted: [UInt8] = []
            try JSONPrinter(layout: .compact).format(data, into: &compact)
            try JSONPrinter(layout: .compact).format(printed, into: &recompacted)
            #expect(compact == recompacted, "\(file)")
        }
    }
}
