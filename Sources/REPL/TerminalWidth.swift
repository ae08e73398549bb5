import Foundation

/// The width of the terminal standard output is on (80 when it is not one or will not say), and
/// its height (24 then).
enum TerminalWidth {
    static func current() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    static func rows() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = ProcessInfo.processInfo.environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
        return 24
    }
}
