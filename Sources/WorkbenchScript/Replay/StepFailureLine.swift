/// The one line a failing statement printed, read back from what the replay printed for it (its
/// echo, its output, the error last): `save`'s check names failures with it and `replay
/// --junit`/`--tap` report them.
public struct StepFailureLine: Equatable, Sendable {
    /// The line the error points at when it carries one (`error: FILE:LINE:COL: …`, a compile error
    /// deep in a statement of several lines), else nil: the statement's own line is meant.
    public let line: Int?
    /// The line without its place and without colours: `error: no response yet`.
    public let message: String

    /// `output` is what the replay printed from the statement's echo to its end; `file` the
    /// snippet's file name, as errors place themselves (`SwiftRunner.placing`).
    public init(output: String, file: String) {
        var lines = Self.withoutStyles(output).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.hasPrefix(SnippetReplay.echoMarker) && !$0.allSatisfy(\.isWhitespace) }
        // What is printed under an error is not the error: the hint of a session that imported
        // UIKit, and a compile error's source line and caret (`CompileError.context`).
        if let last = lines.last, SessionImport.isAppleOnlyHint(last) { lines.removeLast() }
        if lines.count >= 3, CompileError.isCaretLine(lines[lines.count - 1]), lines[lines.count - 3].hasPrefix("error: ") {
            lines.removeLast(2)
        }
        (line, message) = Self.unplaced(lines.last ?? "failed", file: file)
    }

    init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// `error: users.swift:15:1: message` as line 15 and `error: message`.
    static func unplaced(_ message: String, file: String) -> (Int?, String) {
        guard message.hasPrefix("error: \(file):") else { return (nil, message) }
        let rest = message.dropFirst("error: \(file):".count).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard rest.count == 3, let line = Int(rest[0]), Int(rest[1]) != nil else { return (nil, message) }
        return (line, "error:" + rest[2])
    }

    /// `text` without the terminal's style sequences (`ESC [ … letter`), which a replay at a
    /// terminal writes around `error:` and echoes (`Console.styled`).
    public static func withoutStyles(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !("@"..."~").contains(next) {}
        }
        return result
    }
}
