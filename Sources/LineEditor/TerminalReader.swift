import CLibEdit
import Foundation

/// libedit on a terminal: prompt, editing, history recall, Tab completion, Ctrl-C.
final class TerminalReader {
    enum Read {
        case line(String)
        /// Ctrl-X Ctrl-E: the line as far as it was typed, for the input to go to the user's editor.
        case edit(String)
        case interrupted
        case endOfInput
    }

    weak var owner: LineEditor?
    let editLine: OpaquePointer
    private let history: HistoryStore
    /// Printed above the prompt while a line is read (TerminalReader+AsynchronousOutput.swift).
    let output: AsynchronousOutput
    /// The prompt being shown, its escape codes between `\u{1}` delimiters.
    private(set) var prompt = ""
    private var promptBytes: [CChar] = [0]
    private var interrupted = false
    /// Whether the line was empty when Ctrl-C discarded it (at an empty prompt it stops the work
    /// Swift inputs left running instead).
    private(set) var interruptFoundEmptyLine = false
    /// Set by Ctrl-X Ctrl-E: the line as typed, which ends so that the input can be edited
    /// outside libedit.
    private var lineToEdit: String?
    /// Whether the terminal takes escape codes, to mark pastes or clear rows (a `dumb` one prints them).
    let understandsEscapeCodes: Bool
    private var paste = BracketedPaste()
    /// Whole lines of a paste after the one that ended libedit's line, oldest last: the lines
    /// that follow, as if typed, before libedit reads the terminal again.
    private var pastedLines: [String] = []

    init(history: HistoryStore, output: AsynchronousOutput) {
        // Without a locale, libedit drops non-ASCII input (`café` reads as `caf`).
        setlocale(LC_ALL, "")
        self.history = history
        self.output = output
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        understandsEscapeCodes = !term.isEmpty && term != "dumb"
        editLine = wb_el_init(CommandLine.arguments.first ?? "workbench")
        wb_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        wb_el_set_prompt_esc(editLine, { editLine in
            TerminalReader.from(editLine)?.promptPointer()
        }, 1)
        wb_el_set_editor(editLine, "emacs")
        wb_el_set_history(editLine, history.handle)
        wb_el_add_function(editLine, "wb-complete", "Complete the word before the cursor", { editLine, _ in
            guard let editLine, let reader = TerminalReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.complete()
        })
        wb_el_bind(editLine, "^I", "wb-complete")
        // Ctrl-C while editing discards the line. Handled as a key, it stays in order with
        // type-ahead; the signal (Interrupt) still cancels work while a command runs.
        wb_el_disable_isig_while_editing(editLine)
        wb_el_add_function(editLine, "wb-interrupt", "Discard the line being typed", { editLine, _ in
            guard let editLine, let reader = TerminalReader.from(editLine) else { return UInt8(CC_ERROR) }
            reader.interrupted = true
            reader.interruptFoundEmptyLine = reader.lineIsEmpty
            fputs("^C\n", wb_stdout())
            return UInt8(CC_NEWLINE)
        })
        wb_el_bind(editLine, "^C", "wb-interrupt")
        // Ctrl-X Ctrl-E as in bash: the input typed so far, continuation lines included, in $EDITOR.
        wb_el_add_function(editLine, "wb-edit-input", "Edit the input in $VISUAL or $EDITOR", { editLine, _ in
            guard let editLine, let reader = TerminalReader.from(editLine), let info = el_line(editLine)?.pointee else {
                return UInt8(CC_ERROR)
            }
            // Read here: a line ended by a function is not terminated in the buffer el_gets returns.
            reader.lineToEdit = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: info.lastchar - info.buffer),
                                       as: UTF8.self)
            fputs("\n", wb_stdout())
            return UInt8(CC_NEWLINE)
        })
        wb_el_bind(editLine, "^X^E", "wb-edit-input")
        // Ctrl-R as in bash: an incremental search backwards, refined as each key is typed.
        wb_el_bind(editLine, "^R", "em-inc-search-prev")
        wb_el_add_function(editLine, "wb-paste", "Insert a pasted text at once", { editLine, _ in
            guard let editLine, let reader = TerminalReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.insertPaste()
        })
        wb_el_bind(editLine, "\\e[200~", "wb-paste")
        // Keys are read where output from other threads can wake the reader too.
        wb_el_set_read_function(editLine, readKeyForLibedit)
        // The user's ~/.editrc comes last so its modes and bindings win.
        el_source(editLine, nil)
    }

    deinit { el_end(editLine) }

    static func from(_ editLine: OpaquePointer?) -> TerminalReader? {
        guard let editLine, let data = wb_el_client_data(editLine) else { return nil }
        return Unmanaged<TerminalReader>.fromOpaque(data).takeUnretainedValue()
    }

    private func promptPointer() -> UnsafeMutablePointer<CChar>? {
        promptBytes.withUnsafeMutableBufferPointer { $0.baseAddress }
    }

    func readLine(prompt: String) -> Read {
        self.prompt = prompt
        promptBytes = Array(prompt.utf8CString)
        // Keys typed while a command asked the terminal something: read first, as typed.
        if let keys = owner?.typedAhead.take(), !keys.isEmpty { el_push(editLine, String(decoding: keys, as: UTF8.self)) }
        Interrupt.clear()
        interrupted = false
        interruptFoundEmptyLine = false
        lineToEdit = nil
        var count: Int32 = 0
        // As readline does, only while a line is read: output and other programs get plain pastes.
        if understandsEscapeCodes { fputs(BracketedPaste.enable, wb_stdout()) }
        output.startReading()
        // Output that came while reading follows the line, or its `^C`, below it.
        defer { output.stopReading() }
        let raw = el_gets(editLine, &count)
        if understandsEscapeCodes {
            fputs(BracketedPaste.disable, wb_stdout())
            fflush(wb_stdout())
        }
        if interrupted {
            // The abandoned line stays visible with ^C after it, as in a shell.
            return .interrupted
        }
        guard let raw else {
            if count == -1 && (errno == EINTR || Interrupt.isPending) {
                // A SIGINT that still arrived (e.g. an ~/.editrc that re-enabled isig).
                Interrupt.clear()
                interruptFoundEmptyLine = lineIsEmpty
                el_reset(editLine)
                fputs("^C\n", wb_stdout())
                return .interrupted
            }
            // Ctrl-D: end the prompt's line so the shell's prompt starts on a fresh one.
            fputs("\n", wb_stdout())
            return .endOfInput
        }
        if let lineToEdit { return .edit(lineToEdit) }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Whether nothing is typed on the line being read.
    private var lineIsEmpty: Bool {
        guard let info = el_line(editLine)?.pointee else { return false }
        return info.lastchar == info.buffer
    }

    /// The next whole line of a paste not read yet, shown after `prompt` as if typed.
    func nextPastedLine(prompt: String) -> String? {
        guard let line = pastedLines.popLast() else { return nil }
        // The prompt's escape codes are between \u{1} delimiters for libedit (EL_PROMPT_ESC).
        fputs(prompt.replacingOccurrences(of: "\u{1}", with: "") + line + "\n", wb_stdout())
        fflush(wb_stdout())
        return line
    }

    /// Reads a paste at once (libedit has read its start code) and inserts it at the cursor.
    /// A line break in it ends the line as Enter does; the whole lines after it wait in
    /// `pastedLines`; an unfinished last line is inserted at the next prompt.
    private func insertPaste() -> UInt8 {
        let (text, typedAfter) = paste.read(from: STDIN_FILENO)
        var after = typedAfter
        let (head, lines, unfinished) = BracketedPaste.split(text)
        if !head.isEmpty { el_insertstr(editLine, head) }
        var keys = ""
        if let unfinished {
            pastedLines = lines.reversed() + pastedLines
            keys = "\r"
            if !unfinished.isEmpty {
                // Read again as a paste at the next prompt, before any key typed after this one.
                keys += String(decoding: BracketedPaste.start, as: UTF8.self)
                paste.carry = Array(unfinished.utf8) + BracketedPaste.end + after + paste.carry
                after = []
            }
        }
        if let start = BracketedPaste.find(BracketedPaste.start, in: after, from: 0) {
            // Another paste typed right after this one: libedit reads its start code, this reads the rest.
            let codeEnd = start + BracketedPaste.start.count
            paste.carry = Array(after[codeEnd...]) + paste.carry
            after = Array(after[..<codeEnd])
        }
        keys += String(decoding: after, as: UTF8.self)
        // Keys typed after the paste go through libedit in order, after the paste.
        if !keys.isEmpty { el_push(editLine, keys) }
        return UInt8(CC_REFRESH)
    }

    /// Writes a line of its own before the next prompt.
    func writeLine(_ text: String) {
        fputs(text + "\n", wb_stdout())
        fflush(wb_stdout())
    }

    private func complete() -> UInt8 {
        guard let completer = owner?.completer, let info = el_line(editLine)?.pointee else {
            return UInt8(CC_ERROR)
        }
        let before = String(
            decoding: UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer),
            as: UTF8.self)
        let word = String(before.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let earlier = owner?.earlierLines.map { $0 + "\n" }.joined() ?? ""
        switch CompletionPlan(word: word, candidates: completer(earlier + before)) {
        case .nothing:
            return UInt8(CC_REFRESH_BEEP)
        case .insert(let text):
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        case .list(let candidates):
            fputs("\n" + CompletionPlan.columns(candidates, width: terminalWidth()), wb_stdout())
            return UInt8(CC_REDISPLAY)
        }
    }

    func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }
}
