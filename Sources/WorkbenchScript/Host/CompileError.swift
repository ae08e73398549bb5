import WorkbenchKit

/// The compiler's first error, where the user wrote it: the line and column within the input (or,
/// once placed, within a snippet's file) and the message. Carried as a value from the host to the
/// one place that prints it; each caller places it (a snippet's file and line, a `\(…)`'s column).
public struct CompileError: Equatable, Sendable {
    /// The file it is in, once placed (a snippet's, a page's); nil: counted in the input.
    public var file: String?
    public var line: Int
    public var column: Int
    public var message: String
    /// Line `line` as the user wrote it (the input's, or once placed the file's), without its line
    /// break: shown under the error line (`context`). Nil: none is shown (an error in generated code).
    public var sourceLine: String?

    public init(file: String? = nil, line: Int, column: Int, message: String, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `error: FILE:LINE:COLUMN: message`, or `error: LINE:COLUMN: message` when it is not placed.
    public var text: String {
        "error: " + (file.map { "\($0):" } ?? "") + "\(line):\(column): \(message)"
    }

    /// The same error, its column moved by `offset` (a compile error on the first line of an input
    /// that was wrapped, or typed inside a longer line).
    public func shifted(by offset: Int) -> CompileError {
        var moved = self
        if line == 1 { moved.column += offset }
        return moved
    }

    /// The widest source line `context` shows whole; a longer one is cut around the column.
    static let contextWidth = 100

    /// What is printed under `text`, as swiftc prints it: the line the error is in and a caret under
    /// its column, each indented two spaces. The error stays one line (`text`, what `failure` and
    /// the CI reports carry); these two lines only show where. A tab before the column is a tab in
    /// the caret's line too, so the caret lines up at any tab width; a line longer than
    /// `contextWidth` is shown as the part around the column, cut with `…`. Empty when the line is
    /// not known, is blank, or is shorter than the column says (then it is not the line meant).
    public var context: [String] {
        guard let sourceLine, column >= 1, !sourceLine.allSatisfy(\.isWhitespace) else { return [] }
        var shown = Array(sourceLine)
        var before = column - 1  // characters before the caret
        guard before <= shown.count else { return [] }
        if shown.count > Self.contextWidth {
            let start = max(0, min(before - Self.contextWidth / 2, shown.count - Self.contextWidth))
            let end = start + Self.contextWidth
            before -= start
            shown = Array(shown[start..<end])
            if start > 0 {
                shown.insert("…", at: 0)
                before += 1
            }
            if end < sourceLine.count { shown.append("…") }
        }
        let padding = shown.prefix(before).map { $0 == "\t" ? "\t" : " " as Character }
        return ["  " + String(shown), "  " + String(padding) + "^"]
    }

    /// Whether `line` (its styles removed) is the caret line `context` ends with.
    public static func isCaretLine(_ line: some StringProtocol) -> Bool {
        line.hasPrefix("  ") && line.drop { $0 == " " || $0 == "\t" } == "^"
    }

    /// Line `number` (1-based) of `text` without its line break, lines counted as the compiler
    /// counts them (at `\n`; a `\r` before it is dropped); nil past the end.
    public static func line(_ number: Int, of text: some StringProtocol) -> String? {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return nil }
        var line = String(decoding: lines[number - 1], as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}

extension Console {
    /// A compile error as the REPL prints errors: its one line (`failure`), then, dimmed, the line
    /// it is in and a caret under its column (`CompileError.context`).
    public func failure(_ error: CompileError) {
        failure(error.text, context: error.context)
    }

    /// `line` as `failure(_:)` prints it, then each line of `context` dimmed.
    public func failure(_ line: String, context: [String]) {
        if let failureHandler {
            flush()
            return failureHandler(line, context)
        }
        failure(line)
        guard !context.isEmpty else { return }
        for shown in context { self.line(styled(shown, .dim)) }
        flush()
    }
}
