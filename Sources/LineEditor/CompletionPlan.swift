import Foundation

/// What Tab does with the candidates for the word before the cursor.
///
/// One match is inserted whole; several that share more than what was typed have their
/// common prefix inserted; otherwise they are listed under the line.
public enum CompletionPlan: Equatable {
    case nothing
    case insert(String)
    case list([String])

    public init(word: String, candidates: [String]) {
        let matches = Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
        guard let first = matches.first else {
            self = .nothing
            return
        }
        if matches.count == 1 {
            // A directory-like candidate keeps going; anything else ends the word.
            let suffix = first.hasSuffix("/") || first.hasSuffix("=") ? "" : " "
            self = .insert(String(first.dropFirst(word.count)) + suffix)
            return
        }
        let common = matches.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        self = common.count > word.count ? .insert(String(common.dropFirst(word.count))) : .list(matches)
    }

    /// Candidates laid out in columns that fit `width`, one row per line.
    public static func columns(_ candidates: [String], width: Int) -> String {
        let cell = (candidates.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var output = ""
        for (index, candidate) in candidates.enumerated() {
            let last = index % perRow == perRow - 1 || index == candidates.count - 1
            output += last ? candidate + "\n" : candidate.padding(toLength: cell, withPad: " ", startingAt: 0)
        }
        return output
    }
}

private extension String {
    func commonPrefix(with other: String) -> String {
        String(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }
}
