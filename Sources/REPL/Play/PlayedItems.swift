import SwiftSyntax
import WorkbenchScript

/// The statements of a played file that ran, in order, each with the number of session steps
/// there were before it: what a new text of the file is compared with.
struct PlayedItems {
    var tokens: [[String]] = []
    var stepsBefore: [Int] = []
    /// The names each item declares (a type, a function, an extension's), nil for a statement.
    var declares: [Set<String>?] = []

    /// How many of `items` (from the top) are the same as those that ran, white space and
    /// comments aside.
    func unchangedPrefix(of items: [CodeBlockItemSyntax]) -> Int {
        zip(tokens, items).prefix { $0 == Self.tokens(of: $1) }.count
    }

    /// Where a run of `items` starts: at the first item that changed, or above it at the first
    /// statement that uses a declaration further down that changed. Compiled Swift declares every
    /// type and function before the first statement runs, so that statement saw the declaration
    /// (`DeclarationHoisting` runs it first), and must see the new one.
    func restart(for items: [CodeBlockItemSyntax]) -> Int {
        let same = unchangedPrefix(of: items)
        var before: [Set<String>: [String]] = [:]
        for (names, tokens) in zip(declares, tokens) {
            if let names { before[names] = tokens }
        }
        var changed = Set<String>()
        for item in items.dropFirst(same) {
            guard let names = DeclarationHoisting.provided(by: item) else { continue }
            if before[names] != Self.tokens(of: item) { changed.formUnion(names) }
        }
        guard !changed.isEmpty else { return same }
        return items.prefix(same).firstIndex { item in
            DeclarationHoisting.provided(by: item) == nil && !DeclarationHoisting.mentioned(in: item).isDisjoint(with: changed)
        } ?? same
    }

    mutating func append(_ item: CodeBlockItemSyntax, stepsBefore count: Int) {
        tokens.append(Self.tokens(of: item))
        stepsBefore.append(count)
        declares.append(DeclarationHoisting.provided(by: item))
    }

    mutating func keepFirst(_ count: Int) {
        tokens.removeSubrange(count...)
        stepsBefore.removeSubrange(count...)
        declares.removeSubrange(count...)
    }

    private static func tokens(of item: CodeBlockItemSyntax) -> [String] {
        item.tokens(viewMode: .sourceAccurate).map(\.text)
    }
}
