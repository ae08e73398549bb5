import Foundation
import TestSupport
import Testing
@testable import WorkbenchScript

/// Random JSON against the compiled models: our answer must equal JSONDecoder's, value or error.
/// (Types holding dictionaries are left out: Swift prints a dictionary in a per-process random order.)
@Suite struct DifferentialFuzzTests {
    static let keys = ["userId", "id", "title", "i", "i8", "u8", "d", "f", "b", "s", "url", "date", "amount", "kind",
                       "level", "levels", "tiny", "a", "c", "first_name", "firstName", "user_id", "at", "maybe",
                       "value", "children", "access", "guests", "rating", "x"]

    static func value(_ rng: inout SeededGenerator, depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 3 ? 12 : 8), using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2, 3: return ["0", "1", "-1", "1.0", "1.5", "2", "10", "255", "256", "-128", "1e2", "0.1", "1e39",
                           "4294967296", "9007199254740993", "-0", "3.4e38"].randomElement(using: &rng)!
        case 4, 5: return ["\"\"", "\"free\"", "\"paid\"", "\"premium\"", "\"2016-01-14T00:00:00Z\"", "\"https://x.org/a\"",
                           "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "\"a\\\"b\"", "\"x\""].randomElement(using: &rng)!
        case 6, 7:
            let count = Int.random(in: 0..<3, using: &rng)
            return "[" + (0..<count).map { _ in value(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            return object(&rng, depth: depth + 1)
        }
    }

    static func object(_ rng: inout SeededGenerator, depth: Int) -> String {
        let chosen = keys.shuffled(using: &rng).prefix(Int.random(in: 0..<8, using: &rng))
        return "{" + chosen.map { "\"\($0)\":" + value(&rng, depth: depth) }.joined(separator: ",") + "}"
    }

    static let types: [DifferentialCase] = [
        .init(Post.self, "Post", ""), .init([Post].self, "[Post]", ""), .init(Optionals.self, "Optionals", ""),
        .init(Tagged.self, "Tagged", ""), .init(Scalars.self, "Scalars", ""), .init(Library.self, "Library", ""),
        .init(Snake.self, "Snake", "", keys: .convertFromSnakeCase), .init(Snake.self, "Snake", ""),
        .init(Dated.self, "Dated", "", dates: .iso8601), .init([Dated].self, "[Dated]", "", dates: .secondsSince1970),
        .init(Tree.self, "Tree", ""), .init(Episode.self, "Episode", ""), .init([Int?].self, "[Int?]", ""),
        .init(Renamed.self, "Renamed", ""), .init(Defaults.self, "Defaults", ""), .init(Empty.self, "Empty", ""),
    ]

    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomDocumentsDecodeAsJSONDecoderDoes(seed: UInt64) throws {
        let registry = try DifferentialModels.registry()
        var rng = SeededGenerator(state: seed)
        for _ in 0..<400 {
            let template = Self.types.randomElement(using: &rng)!
            let json = Bool.random(using: &rng) ? Self.object(&rng, depth: 0) : Self.value(&rng, depth: 0)
            let probe = DifferentialCase(template: template, json: json)
            #expect(probe.actual(registry: registry) == probe.expected, "\(template.type) ← \(json)")
        }
    }
}

extension DifferentialCase {
    /// The same type and options with another document.
    init(template: DifferentialCase, json: String) {
        self.type = template.type
        self.json = json
        self.options = template.options
        self.compiled = template.compiled
    }
}
