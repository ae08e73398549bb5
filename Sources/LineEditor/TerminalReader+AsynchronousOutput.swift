import CLibEdit
import Foundation

/// libedit reads each key through `readKey` (EL_GETCFN), which waits for the terminal and for
/// `AsynchronousOutput` at once, so that output from other threads shows while a line is typed.
extension TerminalReader {
    func readKey(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: output.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if poll(&descriptors, 2, -1) < 0 {
                // As libedit's own read does on a signal, so that Ctrl-C's SIGINT makes el_gets
                // return NULL with errno EINTR (`readLine`, `Interrupt`).
                if errno == EINTR {
                    character.pointee = 0
                    return -1
                }
                break
            }
            if descriptors[1].revents != 0 { showAsynchronousOutput() }
            if descriptors[0].revents != 0 { break }
        }
        return readKeyAsLibeditDoes(into: character)
    }

    /// libedit's own read: one byte per `read` until a whole UTF-8 character (nothing is read ahead,
    /// so `BracketedPaste` still finds a paste's rest on fd 0). el_get gives NULL for it, not a
    /// function to call, so it is put back for one `el_wgetc` (the keys pushed with el_push have
    /// been read before this is called).
    private func readKeyAsLibeditDoes(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        wb_el_set_read_function(editLine, nil)
        defer { wb_el_set_read_function(editLine, readKeyForLibedit) }
        return el_wgetc(editLine, character)
    }

    /// Clears the prompt and the line, prints the queued output and draws them again below it.
    private func showAsynchronousOutput() {
        var bytes = output.takeQueued()
        guard !bytes.isEmpty else { return }
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        var erase = "\n"
        if understandsEscapeCodes {
            // Up to the prompt's first row (a long line wraps), then clear to the end of the screen.
            let row = PromptLayout.cursorRow(prompt: prompt, beforeCursor: textBeforeCursor(), width: terminalWidth())
            erase = (row > 0 ? "\u{1B}[\(row)A" : "") + "\r\u{1B}[J"
        }
        AsynchronousOutput.writeToStandardOutput(Array(erase.utf8) + bytes)
        wb_el_refresh(editLine)
    }

    private func textBeforeCursor() -> String {
        guard let line = el_wline(editLine)?.pointee, let start = line.buffer, let cursor = line.cursor else { return "" }
        let characters = UnsafeBufferPointer(start: start, count: cursor - start)
        return String(String.UnicodeScalarView(characters.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
    }
}

/// The function libedit calls for each key (EL_GETCFN); a global function, as C needs.
func readKeyForLibedit(_ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
    guard let character, let reader = TerminalReader.from(editLine) else { return -1 }
    return reader.readKey(into: character)
}
