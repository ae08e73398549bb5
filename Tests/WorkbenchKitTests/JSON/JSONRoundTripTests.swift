import Foundation
import Testing
@testable import WorkbenchKit

@Suite("JSON round trips over random documents")
struct JSONRoundTripTests {
    @Test("parse → print → parse gives the same values, and Foundation agrees", arguments: 0..<8)
    func roundTrip(seed: UInt64) throws {
        var random = RandomJSON(seed: seed)
        for _ in 0..<60 {
            let text = random.space() + random.value(depth: 5) + random.space()
            let document = try JSONDocument(parsing: text)
            let pretty = try JSONPrinter().formatted(text)
            let compact = try JSONPrinter(layout: .compact).formatted(text)
            let reparsed = try JSONDocument(parsing: pretty)
            #expect(ReferenceValue(reparsed.root) == ReferenceValue(document.root), "\(text)")
            #expect(try JSONPrinter(layout: .compact).formatted(pretty) == compact)
            #expect(try JSONPrinter().formatted(compact) == pretty)
            if let reference = try? ReferenceValue.foundation(text) {
                #expect(ReferenceValue(document.root) == reference, "\(text)")
            } else {
                // Foundation refuses only numbers beyond Double's range; our document keeps their text.
                #expect(text.range(of: "[eE][+]?[0-9]{3}", options: .regularExpression) != nil, "Foundation rejected \(text)")
            }
        }
    }

    @Test("a random document with one byte broken is rejected or read as Foundation reads it", arguments: 0..<4)
    func mutations(seed: UInt64) throws {
        var random = RandomJSON(seed: 100 + seed)
        for _ in 0..<80 {
            var bytes = Array(random.value(depth: 4).utf8)
            let position = random.below(bytes.count)
            bytes[position] = Array(#",:[]{}"x0\ "#.utf8)[random.below(11)]
            let ours = try? JSONDocument(parsing: bytes)
            let validated = (try? JSONValidator.validate(Data(bytes))) != nil
            #expect(validated == (ours != nil), "\(String(decoding: bytes, as: UTF8.self))")
            if let ours, let reference = try? JSONDecoder().decode(ReferenceValue.self, from: Data(bytes)) {
                #expect(ReferenceValue(ours.root) == reference)
            }
        }
    }
}
