import Foundation
import ModelRuntime
import TestSupport
import Testing
import WorkbenchKit
@testable import WorkbenchScript

/// Random declarations × random JSON: every run ends in a value or a DecodingFailure, never a crash.
@Suite struct FuzzTests {
    static let scalarTypes = ["Int", "Int8", "UInt8", "UInt64", "Double", "Float", "Bool", "String", "URL", "Date",
                              "Decimal", "UUID", "Kind", "Level"]

    static func randomType(_ rng: inout SeededGenerator, structs: [String], depth: Int = 0) -> String {
        let choice = Int.random(in: 0..<10, using: &rng)
        if depth < 2 {
            switch choice {
            case 0: return randomType(&rng, structs: structs, depth: depth + 1) + "?"
            case 1: return "[" + randomType(&rng, structs: structs, depth: depth + 1) + "]"
            case 2: return "[String: " + randomType(&rng, structs: structs, depth: depth + 1) + "]"
            case 3: return "[Int: " + randomType(&rng, structs: structs, depth: depth + 1) + "]"
            case 4 where !structs.isEmpty: return structs.randomElement(using: &rng)!
            default: break
            }
        }
        return scalarTypes.randomElement(using: &rng)!
    }

    static func randomJSON(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
        let names = ["a", "b", "c", "id", "1", "x_y", "kind"]
        switch Int.random(in: 0..<(depth < 3 ? 11 : 7), using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2: return ["0", "1", "-1", "1.0", "1.5", "1e2", "255", "256", "-129", "18446744073709551616", "1e400", "0.1"]
            .randomElement(using: &rng)!
        case 3: return ["\"\"", "\"free\"", "\"paid\"", "\"2016-01-14T00:00:00Z\"", "\"http://x\"",
                        "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "\"a\\nb\""].randomElement(using: &rng)!
        case 4: return "10"
        case 5: return "\"x\""
        case 6: return ["", "{", "[1,", "{\"a\":}", "tru"].randomElement(using: &rng)!
        case 7, 8:
            let count = Int.random(in: 0..<4, using: &rng)
            return "[" + (0..<count).map { _ in randomJSON(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0..<5, using: &rng)
            return "{" + (0..<count).map { _ in
                "\"\(names.randomElement(using: &rng)!)\":" + randomJSON(&rng, depth: depth + 1)
            }.joined(separator: ",") + "}"
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomDeclarationsAndDocumentsAlwaysGiveAnAnswer(seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for round in 0..<60 {
            var source = "enum Kind: String, Codable { case free, paid }\nenum Level: Int, Codable { case low = 1, high }\n"
            var structs: [String] = []
            for index in 0..<Int.random(in: 1...3, using: &rng) {
                let name = "S\(index)"
                let fields = (0..<Int.random(in: 0...4, using: &rng)).map { field in
                    "    \(Bool.random(using: &rng) ? "let" : "var") \(["a", "b", "c", "id", "kind"][field]): "
                        + Self.randomType(&rng, structs: structs)
                }
                source += "struct \(name): Codable {\n" + fields.joined(separator: "\n") + "\n}\n"
                structs.append(name)
            }
            var registry = ModelRegistry()
            try registry.define(try DeclarationParser.parse(source))
            let reparsed = try DeclarationParser.parse(registry.declarations.map { $0.swiftSource() }.joined(separator: "\n"))
            #expect(reparsed == registry.declarations)
            for _ in 0..<10 {
                let type = Self.randomType(&rng, structs: structs)
                let json = Self.randomJSON(&rng)
                let resolved = try registry.resolveForDecoding(try ModelRegistry.parseType(type))
                let options = DecodingOptions(keys: Bool.random(using: &rng) ? .convertFromSnakeCase : .useDefaultKeys,
                                              dates: [.deferredToDate, .iso8601, .secondsSince1970].randomElement(using: &rng)!)
                do {
                    let value = try ModelDecoder(options: options).decode(resolved, from: Data(json.utf8))
                    #expect(!ValuePrinter().description(of: value, as: resolved).isEmpty || type == "String",
                            "round \(round): \(type) ← \(json)")
                } catch {
                    #expect(String(describing: error).hasPrefix("DecodingError."))
                }
            }
        }
    }
}
