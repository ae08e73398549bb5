import CLibEdit
import Foundation
import Synchronization

/// What one read from the line editor produced.
public enum InputEvent: Equatable, Sendable {
    /// A complete input: one line, or several joined with newlines while it was incomplete.
    case input(String)
    /// Ctrl-C while typing: the half-typed input was discarded.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Reads complete inputs from the user: libedit on a terminal, plain lines from a pipe.
///
/// The REPL sees only this type; every C detail of libedit stays inside the module.
public final class LineEditor {
    /// The prompt shown before a new input (on a terminal only).
    public var prompt: String
    /// The prompt shown while an input continues on the next line.
    public var continuationPrompt: String
    /// Candidates for the word before the cursor, given the input before the cursor: the lines
    /// of an unfinished input before this one too, each ending in a newline.
    public var completer: ((String) -> [String])?
    /// The lines of the input being read, before the one being edited (what `completer` is given).
    var earlierLines: [String] = []
    /// What goes into history for an input; nil keeps it out.
    public var historyFilter: ((String) -> String?)?
    /// Whether the lines read so far (joined with newlines) are a whole input. The REPL knows
    /// which words are commands, which take JSON, and Swift's rule (swift-syntax's parser, which
    /// this module does not import); alone, the editor takes every line as an input.
    public var completeness: (String) -> InputCompleteness = { _ in .complete }
    /// Shown once, on its own line, before the first continuation prompt of a session (a terminal only).
    public var firstContinuationHint: String? = "(Ctrl-C cancels the input)"
    /// Shown on its own line after an input over `HistoryEntry.limit` typed or pasted at a
    /// terminal, given its size (`5.0 MB`); nil shows nothing.
    public var largeInputHint: ((String) -> String)? = { size in
        "(a \(size) input: history keeps only its first \(HistoryEntry.describe(bytes: HistoryEntry.keptHead)))"
    }
    /// Where Ctrl-X Ctrl-E writes the input for the editor (the file lives only while it runs).
    public var editFolder: () -> URL = { FileManager.default.temporaryDirectory }
    /// True when input comes from a terminal (libedit), false for a pipe or file.
    public let isInteractive: Bool
    /// Whether the last `.interrupted` was Ctrl-C at an empty prompt: nothing typed, and no input
    /// begun on the lines before.
    public private(set) var interruptedAtEmptyPrompt = false
    /// For other threads' output: above the prompt while a line is typed, else straight out.
    public let asynchronousOutput: AsynchronousOutput

    private let terminal: TerminalReader?
    /// Keys typed before the next prompt that something else read from the terminal (a command
    /// waiting for the terminal's answer to a query), given back to be read at that prompt.
    public let typedAhead = TypedAheadKeys()
    private let history: HistoryStore?
    /// A line that could not continue the input before it: the start of the next input.
    private var pendingLine: String?

    /// - Parameters:
    ///   - historyFile: where history persists across runs; nil keeps none.
    ///   - interactive: force terminal or plain mode; by default, whether stdin is a terminal.
    public init(
        prompt: String = "wb> ",
        continuationPrompt: String = "... ",
        historyFile: URL? = HistoryStore.defaultLocation(),
        interactive: Bool = isatty(STDIN_FILENO) == 1
    ) {
        self.prompt = prompt
        self.continuationPrompt = continuationPrompt
        self.isInteractive = interactive
        asynchronousOutput = AsynchronousOutput(wakesReader: interactive)
        Interrupt.installHandler()
        if interactive {
            let history = HistoryStore(file: historyFile)
            self.history = history
            self.terminal = TerminalReader(history: history, output: asynchronousOutput)
        } else {
            self.history = nil
            self.terminal = nil
        }
        terminal?.owner = self
    }

    /// A line read for another purpose (by `play`, waiting on piped input) that is the start of
    /// the next input after all.
    public func unread(_ line: String) {
        pendingLine = line
    }

    /// What piped input holds now, read without waiting.
    public enum WaitingLine: Equatable, Sendable {
        case nothing
        case line(String)
        case end
    }

    /// Piped input only: a line already there (in stdio's buffer, where `read` finds lines too, or
    /// in the pipe), or the end of input; read on this thread, without blocking.
    public func waitingLine() -> WaitingLine {
        if let pending = pendingLine {
            pendingLine = nil
            return .line(pending)
        }
        let flags = fcntl(STDIN_FILENO, F_GETFL)
        _ = fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(STDIN_FILENO, F_SETFL, flags) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        guard getline(&buffer, &capacity, wb_stdin()) >= 0, let buffer else {
            if feof(wb_stdin()) != 0 { return .end }
            clearerr(wb_stdin())
            return .nothing
        }
        var line = String(cString: buffer)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Reads one complete input, joining continuation lines while the input is incomplete.
    public func read() -> InputEvent {
        var lines: [String] = []
        interruptedAtEmptyPrompt = false
        while true {
            earlierLines = lines
            defer { earlierLines = [] }
            guard let line = nextLine(continuing: !lines.isEmpty) else {
                // End of input in the middle of an unfinished input still runs what was typed.
                return lines.isEmpty ? .endOfInput : finish(lines)
            }
            switch line {
            case .interrupted:
                interruptedAtEmptyPrompt = lines.isEmpty && terminal?.interruptFoundEmptyLine == true
                return .interrupted
            case .line(let line): lines.append(line)
            case .edit(let line):
                guard let edited = editInExternalEditor(lines + [line]) else { return .interrupted }
                lines = edited
            }
            switch completeness(lines.joined(separator: "\n")) {
            case .complete:
                return finish(lines)
            case .incomplete:
                continue
            case .completeBeforeLastLine:
                if lines.count > 1 { pendingLine = lines.removeLast() }
                return finish(lines)
            }
        }
    }

    private enum Line {
        case line(String)
        case edit(String)
        case interrupted
    }

    /// The input typed so far, as the user's editor leaves it, shown as if typed; nil when the
    /// editor failed, was stopped or left nothing (one line says which; the input is dropped, as
    /// bash drops a command whose editor failed).
    private func editInExternalEditor(_ lines: [String]) -> [String]? {
        guard let terminal else { return lines }
        let editor = ExternalEditor()
        let text = lines.joined(separator: "\n") + "\n"
        Interrupt.clear()
        let edited: String
        switch editor.edit(text, name: "input.swift", in: editFolder(), interrupted: { Interrupt.isPending }) {
        case .changed(let changed): edited = changed
        case .unchanged: edited = text
        case .failed(let status):
            terminal.writeLine("(the editor exited with status \(status): the input was dropped)")
            return nil
        case .interrupted:
            Interrupt.clear()
            terminal.writeLine("(the editor was stopped: the input was dropped)")
            return nil
        case .unavailable(let reason):
            terminal.writeLine("(the editor could not be used: \(reason))")
            return nil
        }
        var result = edited.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while result.last?.allSatisfy(\.isWhitespace) == true { result.removeLast() }
        guard !result.isEmpty else {
            terminal.writeLine("(the editor left nothing: the input was dropped)")
            return nil
        }
        for (index, line) in result.enumerated() {
            terminal.writeLine((index == 0 ? prompt : continuationPrompt).replacingOccurrences(of: "\u{1}", with: "") + line)
        }
        return result
    }

    /// The line put back by the last input, else one from the terminal or the pipe; nil at the end.
    private func nextLine(continuing: Bool) -> Line? {
        if let pending = pendingLine {
            pendingLine = nil
            return .line(pending)
        }
        guard let terminal else { return Swift.readLine(strippingNewline: true).map(Line.line) }
        if continuing, let hint = firstContinuationHint {
            // Once a session: the bare `...` does not say how to get out of an input.
            firstContinuationHint = nil
            terminal.writeLine(hint)
        }
        let shown = continuing ? continuationPrompt : prompt
        if let pasted = terminal.nextPastedLine(prompt: shown) { return .line(pasted) }
        switch terminal.readLine(prompt: shown) {
        case .line(let read): return .line(read)
        case .edit(let read): return .edit(read)
        case .interrupted: return .interrupted
        case .endOfInput: return nil
        }
    }

    private func finish(_ lines: [String]) -> InputEvent {
        let text = lines.joined(separator: "\n")
        let size = text.utf8.count
        if let terminal, size > HistoryEntry.limit, let hint = largeInputHint {
            terminal.writeLine(hint(HistoryEntry.describe(bytes: size)))
        }
        if let history, text.contains(where: { !$0.isWhitespace }) {
            // Cut before the filter, so that it reads at most the part that is kept.
            let kept = HistoryEntry.bounded(text)
            if let entry = historyFilter.map({ $0(kept) }) ?? kept {
                history.add(entry)
                history.saveQuietly()
            }
        }
        return .input(text)
    }
}

/// Keys put back for the line editor's next read; any thread.
public final class TypedAheadKeys: Sendable {
    private let keys = Mutex<[UInt8]>([])

    public func add(_ bytes: [UInt8]) {
        keys.withLock { $0 += bytes }
    }

    func take() -> [UInt8] {
        keys.withLock { keys in
            defer { keys = [] }
            return keys
        }
    }
}
