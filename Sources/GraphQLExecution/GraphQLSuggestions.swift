/// "Did you mean …?" as GraphQLSwift 4.3.0 computes it (an older graphql-js algorithm: case-sensitive
/// edit distance with transpositions, threshold half the longer name), so messages match its own.
enum GraphQLSuggestions {
    private static let maximumSuggestions = 5

    /// The options close enough to `input`, nearest first, ties in lexicographic order.
    static func list(for input: String, among options: [String]) -> [String] {
        let inputThreshold = input.utf8.count / 2
        var distances: [String: Int] = [:]
        for option in options {
            let distance = lexicalDistance(Array(input.utf8), Array(option.utf8))
            if distance <= max(inputThreshold, option.utf8.count / 2, 1) { distances[option] = distance }
        }
        return distances.keys.sorted { a, b in
            let difference = distances[a]! - distances[b]!
            return difference != 0 ? difference < 0 : a.lexicographicallyPrecedes(b)
        }
    }

    /// ` Did you mean "a", "b", or "c"?`, or "" without suggestions; `prefix` goes after "mean".
    static func didYouMean(_ suggestions: [String], prefix: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        let quoted = suggestions.prefix(maximumSuggestions).map { "\"\($0)\"" }
        return " Did you mean " + (prefix.map { $0 + " " } ?? "") + orList(quoted) + "?"
    }

    /// `A`, `A or B`, `A, B, or C`.
    static func orList(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: items.joined(separator: " or ")
        default: items.dropLast().joined(separator: ", ") + ", or " + items[items.count - 1]
        }
    }

    /// Edits (insert, delete, substitute, swap adjacent) turning `a` into `b`, over UTF-8 bytes.
    static func lexicalDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let rows = a.count + 1, columns = b.count + 1
        var d = [Int](repeating: 0, count: rows * columns)
        for i in 0..<rows { d[i * columns] = i }
        for j in 0..<columns { d[j] = j }
        guard !a.isEmpty, !b.isEmpty else { return d[rows * columns - 1] }
        for i in 1..<rows {
            for j in 1..<columns {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(d[(i - 1) * columns + j] + 1, d[i * columns + j - 1] + 1, d[(i - 1) * columns + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, d[(i - 2) * columns + j - 2] + cost)
                }
                d[i * columns + j] = value
            }
        }
        return d[rows * columns - 1]
    }
}
