import Foundation
import TerminalImages

/// How the terminal draws pictures, asked as terminals are asked: a kitty graphics query (a
/// 1×1 image that is only checked, `a=q`), then Primary Device Attributes, which every terminal
/// answers and whose attribute 4 is sixel graphics. A terminal that understands the first answers
/// it before the second, so the wait ends with the second's answer. Without an answer (or input
/// that is not a terminal), `TERM` and `TERM_PROGRAM` decide; half blocks where nothing says more.
enum TerminalGraphicsQuery {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[c"

    /// Asks the terminal on standard input and output; waits up to `timeout` for the answer. Keys
    /// typed meanwhile go to `typed`, to be read at the next prompt.
    static func ask(environment: [String: String], timeout: Duration = .seconds(3),
                    typed: @Sendable ([UInt8]) -> Void = { _ in }) -> TerminalGraphics {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return guess(environment) }
        let (answer, keys) = answer(timeout: timeout)
        if !keys.isEmpty { typed(keys) }
        guard let answer else { return guess(environment) }
        return choose(answer: answer, environment: environment)
    }

    /// The protocol an answer (`ESC _ G i=31;OK ESC \` then `ESC [ ? 62;4;22 c`) and the
    /// environment point to: kitty's when it said OK; iTerm2's in the terminals that name
    /// themselves for it and do not answer kitty's query; sixels when attribute 4 is there.
    static func choose(answer: String, environment: [String: String]) -> TerminalGraphics {
        if answer.contains("\u{1B}_Gi=31;OK") { return .kitty }
        if !isMultiplexed(environment), ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        if let attributes = deviceAttributes(in: Array(answer.utf8)),
           String(decoding: attributes, as: UTF8.self).split(separator: ";").contains("4") {
            return .sixel
        }
        return .blocks
    }

    /// What the environment says when the terminal does not answer: kitty's own `TERM` and window
    /// variable, and the terminals whose `TERM_PROGRAM` draws iTerm2's images; inside tmux or
    /// screen, which pass neither on, nothing.
    static func guess(_ environment: [String: String]) -> TerminalGraphics {
        guard !isMultiplexed(environment) else { return .blocks }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-ghostty" {
            return .kitty
        }
        if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") { return .iterm }
        return .blocks
    }

    /// tmux or screen, which a kitty or iTerm2 window's variables reach but its escapes do not.
    private static func isMultiplexed(_ environment: [String: String]) -> Bool {
        environment["TMUX"] != nil || environment["STY"] != nil || environment["TERM_PROGRAM"] == "tmux"
            || (environment["TERM"] ?? "").hasPrefix("screen") || (environment["TERM"] ?? "").hasPrefix("tmux")
    }

    /// The parameters of the device attributes' answer (`62;4;22` of `ESC [ ? 62;4;22 c`), once whole.
    private static func deviceAttributes(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let span = span(of: Array("\u{1B}[?".utf8), ending: Array("c".utf8), in: bytes) else { return nil }
        return bytes[(span.lowerBound + 3)..<(span.upperBound - 1)]
    }

    /// Where a sequence that begins with `start` and ends with `end` is in `bytes`.
    private static func span(of start: [UInt8], ending end: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= start.count else { return nil }
        for index in 0...(bytes.count - start.count) where bytes[index..<(index + start.count)].elementsEqual(start) {
            var cursor = index + start.count
            while cursor + end.count <= bytes.count {
                if bytes[cursor..<(cursor + end.count)].elementsEqual(end) { return index..<(cursor + end.count) }
                cursor += 1
            }
            return nil
        }
        return nil
    }

    /// Writes the query with the terminal's echo and line buffering off and reads until the
    /// device attributes' `c`: the answer (nil when nothing whole came in time) and the other
    /// bytes read, which were typed.
    private static func answer(timeout: Duration) -> (answer: String?, typed: [UInt8]) {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return (nil, []) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // A read that waits for one byte at least: the cooked mode's VMIN need not be 1.
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return (nil, []) }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == bytes.count else { return (nil, []) }
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&ready, 1, max(milliseconds, 1)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            received += chunk.prefix(count)
            guard let attributes = span(of: Array("\u{1B}[?".utf8), ending: Array("c".utf8), in: received) else { continue }
            var typed = received
            typed.removeSubrange(attributes)
            if let kitty = span(of: Array("\u{1B}_G".utf8), ending: Array("\u{1B}\\".utf8), in: typed) { typed.removeSubrange(kitty) }
            return (String(decoding: received, as: UTF8.self), typed)
        }
        // No whole answer: what came before any answer's beginning was typed.
        let answerStart = [span(of: Array("\u{1B}_G".utf8), ending: [], in: received), span(of: Array("\u{1B}[?".utf8), ending: [], in: received)]
            .compactMap { $0?.lowerBound }.min() ?? received.count
        return (nil, Array(received[..<answerStart]))
    }
}
