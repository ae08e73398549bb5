/// The results column as Xcode shows it beside a playground: for each line, its last value
/// (`name = value` where a name is declared, the text where it printed), with `(N times)` when the
/// line ran more than once.
public struct ResultsColumn: Equatable, Sendable {
    /// What the column says for one line.
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        /// The line's last value (several when the line holds several, `; ` between them).
        public var text: String
        /// How many times the line ran (the most any of its values was reported).
        public var times: Int
        /// ` (3 times)` for a line that ran more than once, else empty.
        public var timesSuffix: String { times > 1 ? "  (\(times) times)" : "" }
        public var description: String { text + timesSuffix }
    }

    /// The column for each line that has a result.
    public let entries: [Int: Entry]

    public init(_ results: [LineResult]) {
        // A line can hold several results (`let a = 1; let b = 2`): each place on it keeps its last.
        struct Place {
            var result: LineResult
            var count: Int
        }
        var places: [Int: [Place]] = [:]
        // A closure's anonymous parameters (`$0`) are no names the user declared; a WorkbenchKit
        // object (`wb` after `wb.timeout = 5`) describes itself as its class's name only.
        for result in results where !result.name.hasPrefix("$") && !Self.isKitObject(result) {
            if let index = places[result.line]?.firstIndex(where: { $0.result.column == result.column && $0.result.kind == result.kind }) {
                places[result.line]![index].result = result
                places[result.line]![index].count += 1
            } else {
                places[result.line, default: []].append(Place(result: result, count: 1))
            }
        }
        entries = places.mapValues { places in
            // `let x = try f()` reports `x` and, where the program wraps the throwing call, the call's
            // value too: the named one says it all.
            let named = Set(places.filter { !$0.result.name.isEmpty }.map(\.result.text))
            let kept = places.filter { !$0.result.name.isEmpty || $0.result.kind == .printed || !named.contains($0.result.text) }
            let text = kept.sorted { $0.result.column < $1.result.column }.map { Self.shown($0.result) }.joined(separator: "; ")
            return Entry(text: text, times: kept.map(\.count).max() ?? 1)
        }
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
        text = text.withoutEscapes.replacingNewlines
        return result.kind == .value && !result.name.isEmpty ? "\(result.name) = \(text)" : text
    }
}

extension String {
    /// Without terminal escape sequences (`ESC [ … letter`).
    fileprivate var withoutEscapes: String {
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
