/// A playground page's Swift source split into its prose (markup comments) and its code.
///
/// Comments are found line by line, not by parsing Swift: a `//:` or `/*:` that starts a line
/// inside a multi-line string literal is taken for markup too. That is rare enough to accept.
public enum PlaygroundMarkup {
    public enum Block: Equatable, Sendable {
        /// Markdown from `//:` lines or a `/*:` … `*/` comment.
        case markup(String, line: Int)
        /// Code shown on the page, as written.
        case code(String, line: Int)
        /// Code between `//#-hidden-code` and `//#-end-hidden-code`: it runs but is not shown.
        case hidden(String, line: Int)
    }

    /// The page's blocks in order; `line` is the 1-based line in `source` each starts at
    /// (a markup comment's first line, a code block's first non-blank line).
    public static func blocks(in source: String) -> [Block] {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map(String.init)
        var blocks: [Block] = []
        var code: [(text: String, line: Int)] = []
        func endCode() {
            if let (text, line) = trimmed(code) { blocks.append(.code(text, line: line)) }
            code = []
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let start = index + 1
            let stripped = line.drop { $0 == " " || $0 == "\t" }
            if stripped.hasPrefix("//:") {
                endCode()
                var markup: [String] = []
                while index < lines.count, let text = lines[index].drop(while: { $0 == " " || $0 == "\t" }).dropPrefix("//:") {
                    markup.append(String(text.first == " " ? text.dropFirst() : text))
                    index += 1
                }
                blocks.append(.markup(markup.joined(separator: "\n"), line: start))
                continue
            }
            if let opening = stripped.dropPrefix("/*:") {
                endCode()
                let (markup, after, end) = blockComment(opening: opening, lines: lines, from: index)
                blocks.append(.markup(markup, line: start))
                index = end + 1
                // Code after `*/` on its line stays code.
                if !isBlank(after) { code.append((after, end + 1)) }
                continue
            }
            if isMarker(stripped, "hidden-code") {
                endCode()
                var hidden: [(text: String, line: Int)] = []
                index += 1
                while index < lines.count, !isMarker(trimmedLine(lines[index]), "end-hidden-code") {
                    if !trimmedLine(lines[index]).hasPrefix("//#-") { hidden.append((lines[index], index + 1)) }
                    index += 1
                }
                if let (text, line) = trimmed(hidden) { blocks.append(.hidden(text, line: line)) }
                index += 1
                continue
            }
            // Other Swift Playgrounds markers (editable code, completions…) mean nothing here.
            if !stripped.hasPrefix("//#-") { code.append((line, start)) }
            index += 1
        }
        endCode()
        return blocks
    }

    /// The markup of a `/*:` comment opened on line `first` with `opening` after the `/*:`; what
    /// follows its `*/`, and the index of the line that holds it (the last line when it is not closed).
    private static func blockComment(opening: Substring, lines: [String], from first: Int)
        -> (markup: String, after: String, end: Int) {
        if let close = opening.firstRange(of: "*/") {
            return (String(opening[..<close.lowerBound]).trimmingBlanks, String(opening[close.upperBound...]), first)
        }
        var body: [String] = []
        var index = first + 1
        var after = ""
        while index < lines.count {
            if let close = lines[index].firstRange(of: "*/") {
                body.append(String(lines[index][..<close.lowerBound]))
                after = String(lines[index][close.upperBound...])
                break
            }
            body.append(lines[index])
            index += 1
        }
        // The lines keep their indentation relative to one another (a nested list, indented code).
        let indents = body.filter { !isBlank($0) }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }
        let common = indents.min() ?? 0
        var markup = body.map { isBlank($0) ? "" : String($0.dropFirst(common)) }
        let heading = String(opening).trimmingBlanks
        if !heading.isEmpty { markup.insert(heading, at: 0) }
        while markup.first == "" { markup.removeFirst() }
        while markup.last == "" { markup.removeLast() }
        return (markup.joined(separator: "\n"), after, min(index, lines.count - 1))
    }

    /// Lines without the blank ones they start and end with, and the first one's line number.
    private static func trimmed(_ lines: [(text: String, line: Int)]) -> (String, Int)? {
        guard let first = lines.firstIndex(where: { !isBlank($0.text) }),
              let last = lines.lastIndex(where: { !isBlank($0.text) }) else { return nil }
        return (lines[first...last].map(\.text).joined(separator: "\n"), lines[first].line)
    }

    private static func isMarker(_ line: some StringProtocol, _ name: String) -> Bool {
        trimmedLine(line) == "//#-" + name
    }

    private static func trimmedLine(_ line: some StringProtocol) -> String {
        String(line).trimmingBlanks
    }

    private static func isBlank(_ line: some StringProtocol) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }
}

extension StringProtocol {
    /// The rest after `prefix`, or nil when it does not start so.
    fileprivate func dropPrefix(_ prefix: String) -> SubSequence? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }

    fileprivate var trimmingBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
