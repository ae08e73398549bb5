import Foundation

/// The width of the terminal standard output is on (80 when it is not one or will not say), and
/// its height (24 then).
enum TerminalWidth {
    static func current() -> Int {
        measured(\.ws_col, variable: "COLUMNS") ?? 80
    }

    static func rows() -> Int {
        measured(\.ws_row, variable: "LINES") ?? 24
    }

    /// One of the terminal's dimensions, else the environment's `variable`.
    private static func measured(_ dimension: KeyPath<winsize, UInt16>, variable: String) -> Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size[keyPath: dimension] > 0 { return Int(size[keyPath: dimension]) }
        return ProcessInfo.processInfo.environment[variable].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}
