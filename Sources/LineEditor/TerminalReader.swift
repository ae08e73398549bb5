import CLibEdit
import Foundation

/// libedit on a terminal: prompt, editing, history recall, Tab completion, Ctrl-C.
final class TerminalReader {
    enum Read {
        case line(String)
        case interrupted
        case endOfInput
    }

    weak var owner: LineEditor?
    private let editLine: OpaquePointer
    private let history: HistoryStore
    private var promptBytes: [CChar] = [0]
    private var interrupted = false

    init(history: HistoryStore) {
        // Without a locale, libedit drops non-ASCII input (`café` reads as `caf`).
        setlocale(LC_ALL, "")
        self.history = history
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
            fputs("^C\n", wb_stdout())
            return UInt8(CC_NEWLINE)
        })
        wb_el_bind(editLine, "^C", "wb-interrupt")
        // Ctrl-R as in bash: an incremental search backwards, refined as each key is typed.
        wb_el_bind(editLine, "^R", "em-inc-search-prev")
        // The user's ~/.editrc comes last so its modes and bindings win.
        el_source(editLine, nil)
    }

    deinit { el_end(editLine) }

    private static func from(_ editLine: OpaquePointer?) -> TerminalReader? {
        guard let editLine, let data = wb_el_client_data(editLine) else { return nil }
        return Unmanaged<TerminalReader>.fromOpaque(data).takeUnretainedValue()
    }

    private func promptPointer() -> UnsafeMutablePointer<CChar>? {
        promptBytes.withUnsafeMutableBufferPointer { $0.baseAddress }
    }

    func readLine(prompt: String) -> Read {
        promptBytes = Array(prompt.utf8CString)
        Interrupt.clear()
        interrupted = false
        var count: Int32 = 0
        let raw = el_gets(editLine, &count)
        if interrupted {
            // The abandoned line stays visible with ^C after it, as in a shell.
            return .interrupted
        }
        guard let raw else {
            if count == -1 && (errno == EINTR || Interrupt.isPending) {
                // A SIGINT that still arrived (e.g. an ~/.editrc that re-enabled isig).
                Interrupt.clear()
                el_reset(editLine)
                fputs("^C\n", wb_stdout())
                return .interrupted
            }
            // Ctrl-D: end the prompt's line so the shell's prompt starts on a fresh one.
            fputs("\n", wb_stdout())
            return .endOfInput
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
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
        switch CompletionPlan(word: word, candidates: completer(before)) {
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

    private func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }
}
