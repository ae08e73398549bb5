/// Greets people by name, in a language of its own choosing.
public struct Greeter: Sendable {
    public let salutation: String

    public init(salutation: String = "Hello") {
        self.salutation = salutation
    }

    public func greet(_ name: String) -> String {
        "\(salutation), \(name)!"
    }
}

/// The letters of `word`, most frequent first (ties in alphabetical order).
public func letterCounts(_ word: String) -> [(letter: Character, count: Int)] {
    let counts = Dictionary(word.map { ($0, 1) }, uniquingKeysWith: +)
    return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
}
