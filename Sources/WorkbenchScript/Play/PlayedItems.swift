import LineResults
internal import SwiftSyntax

/// The statements of a played file that ran, in order, each with the number of session steps
/// there were before it and the results column it had: what a new text of the file is compared
/// with, and what the column shows of the lines above a change.
public struct PlayedItems {
    var tokens: [[String]] = []
    public private(set) var stepsBefore: [Int] = []
    /// The names each item declares (a type, a function, an extension's), nil for a statement.
    var declares: [Set<String>?] = []
    /// The values each item's lines had, counted from its first line (PlayColumn).
    var results: [[LineResult]] = []
    /// The names each item may have changed the value of (ChangedVariables).
    var changes: [Set<String>] = []
    /// What `keepFirst` cut off, the latest first: a run dropped after the cut (the file saved
    /// again) leaves its re-run the values of those lines to show as stale.
    private var cutOff: [(tokens: [String], results: [LineResult])] = []

    public init() {}

    /// How many items ran.
    public var count: Int { tokens.count }

    /// How many of `items` (from the top) are the same as those that ran, white space and
    /// comments aside.
    public func unchangedPrefix(of items: [SwiftItem]) -> Int {
        zip(tokens, items.map(\.syntax)).prefix { $0 == Self.tokens(of: $1) }.count
    }

    /// Where a run of `items` starts: at the first item that changed, or above it at the first
    /// statement that uses a declaration further down that changed. Compiled Swift declares every
    /// type and function before the first statement runs, so that statement saw the declaration
    /// (`DeclarationHoisting` runs it first), and must see the new one.
    public func restart(for items: [SwiftItem]) -> Int {
        let same = unchangedPrefix(of: items)
        let items = items.map(\.syntax)
        var before: [Set<String>: [String]] = [:]
        for (names, tokens) in zip(declares, tokens) {
            if let names { before[names] = tokens }
        }
        var changed = Set<String>()
        for item in items.dropFirst(same) {
            guard let names = DeclarationHoisting.provided(by: item) else { continue }
            if before[names] != Self.tokens(of: item) { changed.formUnion(names) }
        }
        let start = changed.isEmpty ? same : items.prefix(same).firstIndex { item in
            DeclarationHoisting.provided(by: item) == nil && !DeclarationHoisting.mentioned(in: item).isDisjoint(with: changed)
        } ?? same
        return fromVariablesChangedBelow(start, in: items)
    }

    /// Where a run that would start at `start` starts so that no variable above it keeps a value
    /// a statement that runs again changed (`var total = 0` above `for p in posts { total += p.id }`,
    /// `let counter = Counter()` of a class above `counter.add(2)`): at the first such variable's
    /// declaration; compiled Swift runs that statement on the variable's first value.
    func fromVariablesChangedBelow(_ start: Int, in items: [CodeBlockItemSyntax]) -> Int {
        var start = start
        let classes = ChangedVariables.classes(in: items)
        while true {
            let changedBelow = changes.dropFirst(start).reduce(into: Set<String>()) { $0.formUnion($1) }
            guard !changedBelow.isEmpty,
                  let declaring = items.prefix(start).firstIndex(where: {
                      !ChangedVariables.declared(by: $0, classes: classes).isDisjoint(with: changedBelow)
                  })
            else { return start }
            start = declaring
        }
    }

    public mutating func append(_ item: SwiftItem, stepsBefore count: Int, results lineResults: [LineResult] = []) {
        append(item.syntax, stepsBefore: count, results: lineResults)
    }

    mutating func append(_ item: CodeBlockItemSyntax, stepsBefore count: Int, results lineResults: [LineResult] = []) {
        tokens.append(Self.tokens(of: item))
        stepsBefore.append(count)
        declares.append(DeclarationHoisting.provided(by: item))
        results.append(lineResults)
        changes.append(ChangedVariables.changed(by: item))
    }

    public mutating func keepFirst(_ count: Int) {
        cutOff = Array((zip(tokens[count...], results[count...]).map { (tokens: $0, results: $1) } + cutOff).prefix(1_000))
        tokens.removeSubrange(count...)
        stepsBefore.removeSubrange(count...)
        declares.removeSubrange(count...)
        results.removeSubrange(count...)
        changes.removeSubrange(count...)
    }

    /// The results of the items that ran at the file's lines, the first line of item N being
    /// `firstLines[N]` (the file as it is now: a line added above moves them).
    public func fileResults(firstLines: [Int]) -> [LineResult] {
        zip(results, firstLines).flatMap { results, first in Self.moved(results, to: first) }
    }

    /// The results an earlier run gave `item`, when it ran with the same text (white space and
    /// comments aside), moved to `firstLine`: the stale column of the lines a failure did not reach
    /// (also when a cut came between, for a run that was dropped).
    public func earlierResults(of item: SwiftItem, at firstLine: Int) -> [LineResult] {
        let wanted = item.tokens
        if let index = tokens.lastIndex(of: wanted) { return Self.moved(results[index], to: firstLine) }
        return cutOff.first { $0.tokens == wanted }.map { Self.moved($0.results, to: firstLine) } ?? []
    }

    /// `results` of an item counted from its first line, at the file's lines when that line is `firstLine`.
    public static func moved(_ results: [LineResult], to firstLine: Int) -> [LineResult] {
        results.map { result in
            var moved = result
            moved.line += firstLine - 1
            return moved
        }
    }

    private static func tokens(of item: CodeBlockItemSyntax) -> [String] {
        item.tokens(viewMode: .sourceAccurate).map(\.text)
    }
}
