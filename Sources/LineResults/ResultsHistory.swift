/// The results column of an input with every value each of its lines had, as Xcode's value
/// history shows them: what `results` and `results N` print. The values are those the column
/// counts, in the order they were reported, each as the column shows it (`sq = 4`). Only the first
/// `kept` of a line are kept, so that a loop of a million turns leaves no million strings behind.
public struct ResultsHistory: Equatable, Sendable {
    /// The values one line had.
    public struct Values: Equatable, Sendable {
        /// The first `kept` of them, as the column shows each.
        public var first: [String] = []
        /// How many there were.
        public var count = 0
    }

    /// The values of a line kept for `results N`; the rest are counted.
    public static let kept = 1000

    /// The input's last line: a number past it is no line of the input.
    public let lastLine: Int
    /// The column for each line that has a result.
    public private(set) var entries: [Int: ResultsColumn.Entry] = [:]
    public private(set) var values: [Int: Values] = [:]

    public init(lastLine: Int) {
        self.lastLine = lastLine
    }

    public init(_ results: [LineResult], lastLine: Int) {
        self.init(lastLine: lastLine)
        add(results)
    }

    /// Adds the results of lines that ran (a statement of `replay --results --step`): the column
    /// and the values of those lines are theirs from now on.
    public mutating func add(_ results: [LineResult]) {
        let series = ResultsColumn.series(of: results)
        let shown = series.mapValues { Set($0.map(\.key)) }
        var added: [Int: Values] = [:]
        for result in results {
            guard let key = ResultsColumn.key(of: result), shown[result.line]?.contains(key) == true else { continue }
            added[result.line, default: Values()].count += 1
            if added[result.line]!.first.count < Self.kept { added[result.line]!.first.append(ResultsColumn.shown(result)) }
        }
        entries.merge(series.mapValues(ResultsColumn.entry)) { $1 }
        values.merge(added) { $1 }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The column, as the input showed it.
    public var column: ResultsColumn { ResultsColumn(entries: entries) }

    /// `1  sq = 1`, `2  sq = 4`, … for every value line `line` had, then `… 500 more` past the
    /// kept ones; nil for a line without a value.
    public func valueLines(of line: Int) -> [String]? {
        guard let values = values[line] else { return nil }
        var lines = values.first.enumerated().map { "\($0.offset + 1)  \($0.element)" }
        if values.count > values.first.count { lines.append("… \(values.count - values.first.count) more") }
        return lines
    }
}
