/// Declarations typed at the prompt, one top-level declaration per input in the order written, that
/// name a type declared later (resolved) or never (reported when decoding, where the name is written).
/// `generate-unresolved-names.py` compiles each with swiftc and writes the compiler's first error to
/// `UnresolvedNameCases+Expected.swift`; the test expects the same `line:column: message` from `decode`.
struct UnresolvedNameCase: Sendable, CustomStringConvertible {
    let decode: String
    let source: String
    var description: String { "decode \(decode) ← \(source.prefix(40))" }
}

extension UnresolvedNameCase {
    static let all: [UnresolvedNameCase] = [
        .init(decode: "Country", source: #"""
            struct Country: Codable {
                let name: String
                let languages: [Language]
            }
            """#),
        .init(decode: "[Country]", source: #"""
            struct Country: Codable {
                let name: Name
                let capital: [String]?
            }

            struct Name: Codable {
                let common: String
                let nativeName: [String: NativeName]?
            }
            """#),
        .init(decode: "Show", source: #"""
            struct Show: Codable {
                let title: String
                let episodes: [Episode]
            }

            struct Episode: Codable {
                let number: Int
                let   kind: Kind?
            }
            """#),
        .init(decode: "Outer", source: #"""
            struct Outer: Codable {
                struct Inner: Codable {
                    let tags: [String: [Tag]]
                }

                let inner: Inner
            }
            """#),
        .init(decode: "Pair", source: #"""
            struct Pair: Codable {
                let left, right: Side
            }
            """#),
        .init(decode: "Counts", source: #"""
            struct Counts: Codable {
                let total: Int
                let byType: [EpisodeType: Int]
            }
            """#),
        .init(decode: "Forward?", source: #"""
            struct Forward: Codable {
                let later: Later
                let missing: Optional<Missing>
            }

            struct Later: Codable {
                let id: Int
            }
            """#),
    ]
}
