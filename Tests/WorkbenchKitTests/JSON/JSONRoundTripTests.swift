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

@Suite("JSON parser and printer agree")
struct JSONAgreementTests {
    /// The same verdict and the same message from the parser, the printer and the validator.
    static func verdicts(_ bytes: [UInt8]) -> (parser: String, printer: String, validator: String) {
        func outcome(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "valid"
            } catch {
                return "\(error)"
            }
        }
        var output: [UInt8] = []
        return (
            outcome { _ = try JSONDocument(parsing: bytes) },
            outcome { try JSONPrinter(lineLimit: 3).format(bytes, into: &output) },
            outcome { try JSONValidator.validate(Data(bytes)) }
        )
    }

    @Test("every prefix of a document gets the same verdict and message from all three")
    func prefixes() {
        let text = #"{"a": [1, -2.5e+3, true, false, null], "é\u00e9\ud83d\ude00": {"x": "y\n", "e": {}}, "z": []}"#
        let bytes = Array(text.utf8)
        for length in 0...bytes.count {
            let (parser, printer, validator) = Self.verdicts(Array(bytes[..<length]))
            #expect(parser == printer && parser == validator, "prefix \(length): \(parser) / \(printer) / \(validator)")
            #expect((parser == "valid") == (length == bytes.count), "prefix \(length): \(parser)")
        }
    }

    @Test("random bytes never crash and get one verdict", arguments: 0..<4)
    func randomBytes(seed: UInt64) {
        var random = RandomJSON(seed: 900 + seed)
        let alphabet = Array(#"{}[],:"\ 0123456789-+.eEtrufalsn"#.utf8) + [0x0A, 0x09, 0x00, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80]
        for _ in 0..<300 {
            let bytes = (0..<random.below(24)).map { _ in alphabet[random.below(alphabet.count)] }
            let (parser, printer, validator) = Self.verdicts(bytes)
            #expect(parser == printer && parser == validator, "\(bytes): \(parser) / \(printer) / \(validator)")
        }
    }
}
