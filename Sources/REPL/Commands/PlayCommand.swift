import Foundation
import LineEditor
import WorkbenchKit

/// `play FILE`: runs a Swift file, then runs it again from the first changed statement each time
/// it is saved, keeping the values of the statements above the change.
struct PlayCommand: Command {
    let name = "play"
    let synopsis = "play FILE.swift"
    let summary = "run a Swift file, and again from the first changed line each time it is saved"
    let help = """
        Runs the file's statements as inputs, then watches it: each time it is saved (in place,
        or by rename as vim saves), the session runs again from the first top-level statement
        that changed (white space and comments aside). The statements above it keep their
        values in the Swift host: their requests are not sent again and their output is not
        printed again. A syntax error is shown at its line, with a caret, and nothing runs; a
        statement that fails stops the run there and the lines below it are stale until the
        next save. Each run ends with a status line (`ran lines 9–12 · 0.24 s · saved 12:03:07`).
        At a terminal `q` or Ctrl-C leaves; piped, a line `q`, another line or the end of the
        input does. The file's values stay bound afterwards, as if typed (`steps` lists them).
        A file that is removed is waited for. `workbench play FILE` starts the REPL this way.
        Swift: none (the file is Swift)

        Examples:
          wb> play lesson.swift
          $ workbench play lesson.swift
        """
    let group = CommandGroup.snippets

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        guard words.count == 1, let path = words.first else { throw UsageError("usage: \(synopsis)") }
        let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else { throw PlayError.missing(file.path) }
        let watcher = try FileWatcher(file)
        let console = session.console
        console.line(console.styled("playing \(file.lastPathComponent): each save runs it from the first changed line · "
                                    + (session.isInteractive ? "q or Ctrl-C leaves" : "a line or the end of input leaves"), .dim))
        var played = PlayedItems()
        await session.playRun(file, played: &played)
        let keys = session.isInteractive ? KeysWhilePlaying() : nil
        defer { keys?.restore() }
        while !Interrupt.isPending {
            console.flush()
            if let keys, keys.quitPressed() { break }
            if !session.isInteractive, let waiting = session.waitingLine?(), waiting != .nothing {
                // A line of its own is the next input; `q` only ends play.
                if case .line(let line) = waiting, line != "q" { session.unreadLine?(line) }
                break
            }
            switch watcher.next(timeout: 100, input: keys == nil ? -1 : STDIN_FILENO) {
            case .saved: await session.playRun(file, played: &played)
            case .removed: console.line(console.styled("\(file.lastPathComponent) was removed: waiting for it to come back", .yellow))
            case nil: continue
            }
        }
        console.line(console.styled("left play: the file's values stay bound (`steps` lists them)", .dim))
    }
}

/// The terminal while `play` waits: keys are read one by one without echo, so `q` leaves at once;
/// Ctrl-C still comes as a signal.
private final class KeysWhilePlaying {
    private var saved = termios()
    private let changed: Bool

    init() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
            changed = false
            return
        }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        changed = tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0
    }

    /// Whether `q` (or Esc) was typed; other keys are dropped.
    func quitPressed() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0 {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return true }
            if byte == UInt8(ascii: "q") || byte == 0x1B { return true }
        }
        return false
    }

    func restore() {
        if changed { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }
}
