import Foundation

/// What one read from the line editor produced.
public enum InputEvent: Equatable, Sendable {
    /// A complete input: one line, or several joined with newlines while brackets or a string were open.
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
    /// Candidates for the word before the cursor, given the text before the cursor.
    public var completer: ((String) -> [String])?
    /// What goes into history for an input; nil keeps it out.
    public var historyFilter: ((String) -> String?)?
    /// True when input comes from a terminal (libedit), false for a pipe or file.
    public let isInteractive: Bool

    private let terminal: TerminalReader?
    private let history: HistoryStore?

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
        Interrupt.installHandler()
        if interactive {
            let history = HistoryStore(file: historyFile)
            self.history = history
            self.terminal = TerminalReader(history: history)
        } else {
            self.history = nil
            self.terminal = nil
        }
        terminal?.owner = self
    }

    /// Reads one complete input, joining continuation lines while the input is incomplete.
    public func read() -> InputEvent {
        var text = ""
        while true {
            let line: String?
            if let terminal {
                switch terminal.readLine(prompt: text.isEmpty ? prompt : continuationPrompt) {
                case .line(let read): line = read
                case .interrupted: return .interrupted
                case .endOfInput: line = nil
                }
            } else {
                line = Swift.readLine(strippingNewline: true)
            }
            guard let line else {
                // End of input in the middle of an unfinished input still runs what was typed.
                return text.isEmpty ? .endOfInput : .input(text)
            }
            text += text.isEmpty ? line : "\n" + line
            if InputCompleteness.isComplete(text) { break }
        }
        if let history, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if let entry = historyFilter.map({ $0(text) }) ?? text {
                history.add(entry)
                history.saveQuietly()
            }
        }
        return .input(text)
    }
}
