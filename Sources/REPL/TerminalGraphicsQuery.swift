import Foundation
import TerminalImages

/// How the terminal draws pictures, asked as terminals are asked: a kitty graphics query (a
/// 1×1 image that is only checked, `a=q`), then Primary Device Attributes, which every terminal
/// answers and whose attribute 4 is sixel graphics. A terminal that understands the first answers
/// it before the second, so the wait ends with the second's answer. Without an answer (or input
/// that is not a terminal), `TERM` and `TERM_PROGRAM` decide; half blocks where nothing says more.
enum TerminalGraphicsQuery {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[c"

    /// Asks the terminal on standard input and output; waits up to `timeout` for the answer.
    static func ask(environment: [String: String], timeout: Duration = .seconds(1)) -> TerminalGraphics {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let answer = answer(timeout: timeout) else {
            return guess(environment)
        }
        return choose(answer: answer, environment: environment)
    }

    /// The protocol an answer (`ESC _ G i=31;OK ESC \` then `ESC [ ? 62;4;22 c`) and the
    /// environment point to: kitty's when it said OK; iTerm2's in the terminals that name
    /// themselves for it (its sixels are coarser); sixels when attribute 4 is there.
    static func choose(answer: String, environment: [String: String]) -> TerminalGraphics {
        if answer.contains("\u{1B}_Gi=31;OK") { return .kitty }
        let guessed = guess(environment)
        if guessed != .blocks { return guessed }
        if let start = answer.range(of: "\u{1B}[?"), let end = answer[start.upperBound...].firstIndex(of: "c"),
           answer[start.upperBound..<end].split(separator: ";").contains("4") {
            return .sixel
        }
        return .blocks
    }

    /// What the environment says without asking: kitty's own `TERM` and window variable, and the
    /// terminals whose `TERM_PROGRAM` draws iTerm2's images.
    static func guess(_ environment: [String: String]) -> TerminalGraphics {
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-ghostty" {
            return .kitty
        }
        if ["iTerm.app", "WezTerm", "vscode"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        return .blocks
    }

    /// Writes the query with the terminal's echo and line buffering off and reads until the
    /// device attributes' `c`; nil when nothing complete came in time.
    private static func answer(timeout: Duration) -> String? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == bytes.count else { return nil }
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&ready, 1, max(milliseconds, 1)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            guard count > 0 else { return nil }
            received += chunk.prefix(count)
            let text = String(decoding: received, as: UTF8.self)
            if let start = text.range(of: "\u{1B}[?"), text[start.upperBound...].contains("c") { return text }
        }
        return nil
    }
}
