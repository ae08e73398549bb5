/// The results column as Xcode shows it beside a playground: for each line, the last value of each
/// name assigned on it (`name = value`; an expression's value or the text a `print` wrote where no
/// name is), with `(N times)` when one of them was reported more than once and, for numbers, a
/// sparkline of the values it had (`sq = 25  (5 times)  ▁▂▃▅█`).
public struct ResultsColumn: Equatable, Sendable {
    /// What the column says for one line.
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        /// The line's last values (several when the line holds several, `; ` between them).
        public var text: String
        /// How many times the line's most reported value was reported.
        public var times: Int
        /// The values that one had, when they are numbers (`Sparkline`); else empty.
        public var sparkline: String
        /// `  (3 times)` for a line that ran more than once, else empty.
        public var timesSuffix: String { times > 1 ? "  (\(times) times)" : "" }
        /// What follows the values: the count, then the sparkline.
        public var suffix: String { timesSuffix + (sparkline.isEmpty ? "" : "  " + sparkline) }
        public var description: String { text + suffix }
    }

    /// The column for each line that has a result.
    public let entries: [Int: Entry]

    public init(_ results: [LineResult]) {
        entries = Self.series(of: results).mapValues(Self.entry)
    }

    init(entries: [Int: Entry]) {
        self.entries = entries
    }

    /// What one series of a line is: a name, or an expression's value or a print where it stands.
    enum SeriesKey: Hashable {
        case name(String)
        case place(column: Int, kind: LineResult.Kind)
    }

    /// The values of one series on a line.
    struct Series {
        let key: SeriesKey
        let column: Int
        var last: LineResult
        var count = 1
        /// Every value so far, while each is a number.
        var numbers: [Double]?

        mutating func add(_ result: LineResult, number: Double?) {
            last = result
            count += 1
            if let number, numbers != nil { numbers!.append(number) } else { numbers = nil }
        }
    }

    /// The series of a result; nil for one the column leaves out: a closure's anonymous parameters
    /// (`$0`) are no names the user declared, and a WorkbenchKit object (`wb` after
    /// `wb.timeout = 5`) describes itself as its class's name only.
    static func key(of result: LineResult) -> SeriesKey? {
        guard !result.name.hasPrefix("$"), !isKitObject(result) else { return nil }
        return result.kind == .value && !result.name.isEmpty ? .name(result.name) : .place(column: result.column, kind: result.kind)
    }

    /// Each line's series the column shows, leftmost first.
    static func series(of results: [LineResult]) -> [Int: [Series]] {
        // The values of one name on a line are one series, wherever on the line it is assigned
        // (`var total = 0; for p in posts { total += p.id }` leaves `total = 5050`); an expression's
        // value or a print is one where it stands.
        var lines: [Int: [Series]] = [:]
        for result in results {
            guard let key = key(of: result) else { continue }
            let number = result.isNumber ? Double(result.text) : nil
            if let index = lines[result.line]?.firstIndex(where: { $0.key == key }) {
                lines[result.line]![index].add(result, number: number)
            } else {
                lines[result.line, default: []].append(Series(key: key, column: result.column, last: result, numbers: number.map { [$0] }))
            }
        }
        return lines.mapValues { series in
            // `let x = try f()` reports `x` and, where the program wraps the throwing call, the call's
            // value too: the named one says it all.
            let named = Set(series.filter { !$0.last.name.isEmpty }.map(\.last.text))
            return series.filter { !$0.last.name.isEmpty || $0.last.kind == .printed || !named.contains($0.last.text) }
                .sorted { $0.column < $1.column }
        }
    }

    /// What the column says for a line's series.
    static func entry(of kept: [Series]) -> Entry {
        let times = kept.map(\.count).max() ?? 1
        // One sparkline per line: the leftmost series of numbers that ran as often as the line.
        let drawn = kept.first { $0.count == times && $0.numbers != nil }?.numbers ?? []
        return Entry(text: kept.map { shown($0.last) }.joined(separator: "; "), times: times, sparkline: Sparkline.of(drawn))
    }

    static func isKitObject(_ result: LineResult) -> Bool {
        result.kind == .value && result.text.hasPrefix("WorkbenchKit.") && !result.text.contains { !($0.isLetter || $0 == ".") }
    }

    /// The lines that have a result, in order.
    public var lines: [Int] { entries.keys.sorted() }

    /// One line per result, for a reader that is not a terminal: `12  total = 3`.
    public var plainLines: [String] {
        lines.map { "\($0)  \(entries[$0]!)" }
    }

    /// A result as one line of the column: newlines the value or the printed text holds become `⏎`,
    /// colours (a status line printed for a terminal) go.
    static func shown(_ result: LineResult) -> String {
        var text = result.text
        if result.kind == .printed, text.hasSuffix("\n") { text.removeLast() }
        text = text.withoutTerminalEscapes.replacingNewlines
        return result.kind == .value && !result.name.isEmpty ? "\(result.name) = \(text)" : text
    }
}

extension String {
    /// Without terminal escape sequences (`ESC [ … letter`): styled output as it reads.
    public var withoutTerminalEscapes: String {
        guard contains("\u{1B}") else { return self }
        var result = ""
        var inEscape = false
        for character in self {
            if inEscape {
                if character.isLetter { inEscape = false }  // the `[` and digits before it are skipped too
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    fileprivate var replacingNewlines: String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
    }
}
