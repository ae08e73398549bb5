import Foundation
import TerminalImages

/// Where everything a user reads goes: standard output, or a buffer in tests.
///
/// Output is buffered and written in large chunks (a 20 MB body prints fast), and
/// flushed by the REPL after each command. Colour is used only on a terminal, never
/// when `NO_COLOR` is set or `TERM=dumb`, and can be switched with `set color`.
public final class Console: @unchecked Sendable {
    /// The process's standard output.
    public static let standard = Console(fileDescriptor: STDOUT_FILENO)

    /// Whether output goes to a terminal.
    public let isTerminal: Bool
    /// Whether ANSI styles are emitted.
    public var colors: Bool {
        get { lock.withLock { colorsEnabled } }
        set { lock.withLock { colorsEnabled = newValue } }
    }

    /// How an image body shows at a terminal (`set images`); the one line elsewhere.
    public var imageDisplay: ImageDisplay {
        get { lock.withLock { images } }
        set { lock.withLock { images = newValue } }
    }
    /// Asks the terminal how it draws pictures, for `ImageDisplay.detect` (the REPL's, which owns
    /// the terminal's input); without one a terminal is drawn on in half blocks.
    public var graphicsDetector: (@Sendable () -> TerminalGraphics)? {
        get { lock.withLock { detector } }
        set { lock.withLock { detector = newValue } }
    }
    /// What `graphicsDetector` answered, once asked (nil before).
    public var detectedGraphics: TerminalGraphics? {
        get { lock.withLock { detected } }
        set { lock.withLock { detected = newValue } }
    }
    /// The terminal's size for a console whose output another process shows (the Swift host's).
    public var canvasOverride: TerminalCanvas? {
        get { lock.withLock { givenCanvas } }
        set { lock.withLock { givenCanvas = newValue } }
    }
    var outputDescriptor: Int32? { fileDescriptor }

    private let fileDescriptor: Int32?
    private var marksTransient = false
    private var images = ImageDisplay.line
    private var detector: (@Sendable () -> TerminalGraphics)?
    private var detected: TerminalGraphics?
    private var givenCanvas: TerminalCanvas?
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var captured: [UInt8] = []
    private var colorsEnabled: Bool
    private var mirrorConsole: Console?
    private var failureSink: (@Sendable (String, [String]) -> Void)?
    private var captureLimit = Int.max
    private var captureCut = false

    /// Whether a capturing console was given more than its limit (`startCopy(limit:)`).
    public var copyWasCut: Bool { lock.withLock { captureCut } }
    private static let chunk = 1 << 16

    /// Another console that gets a copy of everything written here, or nil: a replay's CI report
    /// reads each failing statement's line from the copy while the user still sees it all
    /// (Sources/REPL/Commands/ReplayRequest+Snippets.swift).
    public var mirror: Console? {
        get { lock.withLock { mirrorConsole } }
        set { lock.withLock { mirrorConsole = newValue } }
    }

    /// Where failures go instead of the output, or nil: a notebook kernel sends each as an error
    /// message, given its line and the lines placing it (a compile error's source and caret).
    public var failureHandler: (@Sendable (_ line: String, _ context: [String]) -> Void)? {
        get { lock.withLock { failureSink } }
        set { lock.withLock { failureSink = newValue } }
    }

    /// Starts keeping a copy of what is written here, without colours, ahead of the mirror already
    /// set (which still gets everything); `endCopy` with the console returned ends it. The copy
    /// keeps the first `limit` bytes (`copyWasCut` says whether more came).
    public func startCopy(limit: Int = .max) -> Console {
        let copy = Console(capturingWithColors: false)
        copy.captureLimit = limit
        copy.mirror = mirror
        mirror = copy
        return copy
    }

    /// Ends a copy `startCopy` began, the mirror before it restored; what was written meanwhile.
    public func endCopy(_ copy: Console) -> String {
        mirror = copy.mirror
        return copy.capturedText
    }

    /// Writes to a file descriptor; colours when it is a terminal and the environment allows.
    public init(fileDescriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.fileDescriptor = fileDescriptor
        isTerminal = isatty(fileDescriptor) == 1
        colorsEnabled = isTerminal && Console.environmentAllowsColor(environment)
        buffer.reserveCapacity(Console.chunk)
    }

    /// Writes to a file descriptor as a terminal would be written to, or not: a compiled input's
    /// output is piped to the REPL, which shows it on its own terminal, its transient output
    /// marked (`TransientOutput`) when `marksTransient`.
    public init(fileDescriptor: Int32, terminal: Bool, colors: Bool, marksTransient: Bool = false) {
        self.fileDescriptor = fileDescriptor
        isTerminal = terminal
        colorsEnabled = colors
        self.marksTransient = marksTransient
        buffer.reserveCapacity(Console.chunk)
    }

    /// Keeps everything written in memory (tests, and callers that post-process output).
    public init(capturingWithColors colors: Bool = false, terminal: Bool = false) {
        fileDescriptor = nil
        isTerminal = terminal
        colorsEnabled = colors
    }

    public static func environmentAllowsColor(_ environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `text` and a newline.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// A failure as the REPL prints errors: one line, its `error:` in red (a line without one, red
    /// whole), written out at once.
    public func failure(_ line: String) {
        if let failureHandler {
            flush()
            return failureHandler(line, [])
        }
        self.line(line.hasPrefix("error:") ? styled("error:", .red) + line.dropFirst("error:".count) : styled(line, .red))
        flush()
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        let mirror = lock.withLock { () -> Console? in
            if fileDescriptor == nil {
                var room = max(0, captureLimit - captured.count)
                if bytes.count > room {
                    captureCut = true
                    // Not inside a UTF-8 character: back to the start of the one the limit falls in.
                    while room > 0 && bytes[room] & 0xC0 == 0x80 { room -= 1 }
                }
                captured.append(contentsOf: bytes.prefix(room))
            } else {
                buffer.append(contentsOf: bytes)
                if buffer.count >= Console.chunk { drain() }
            }
            return mirrorConsole
        }
        mirror?.write(bytes: bytes)
    }

    /// Writes what only a terminal shows, for the moment (a spinner's frame, the URL after a build
    /// command): here, but not to the mirror and copies, which keep what an input printed (a
    /// notebook's cell, a handout, a CI report).
    public func writeTransient(_ text: String) {
        lock.withLock {
            if fileDescriptor == nil {
                captured.append(contentsOf: text.utf8)
            } else if marksTransient {
                buffer.append(contentsOf: TransientOutput.marked(text))
                if buffer.count >= Console.chunk { drain() }
            } else {
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= Console.chunk { drain() }
            }
        }
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    /// Sends buffered output to the file descriptor.
    public func flush() {
        // A compiled snippet mixes `print` (stdio's buffer) with this console: keep them in order.
        if fileDescriptor == STDOUT_FILENO { fflush(nil) }
        lock.withLock { drain() }
    }

    /// What a capturing console holds so far (empty for a file-descriptor console).
    public var capturedText: String {
        lock.withLock { String(decoding: captured, as: UTF8.self) }
    }

    /// Empties a capturing console's buffer.
    public func clearCaptured() {
        lock.withLock { captured.removeAll(keepingCapacity: true) }
    }

    /// `text` wrapped in `style`'s escape codes when colours are on; `text` itself otherwise.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        colors ? style.escape + text + TextStyle.reset : text
    }

    private func drain() {
        guard let fileDescriptor, !buffer.isEmpty else { return }
        _ = buffer.withUnsafeBytes { writeAll(fileDescriptor, $0) }  // false: a closed pipe, nothing more to show
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The ANSI styles Workbench uses.
public enum TextStyle: Sendable {
    case bold, dim, red, green, yellow, blue, magenta, cyan, gray

    public static let reset = "\u{1B}[0m"

    public var escape: String {
        switch self {
        case .bold: "\u{1B}[1m"
        case .dim: "\u{1B}[2m"
        case .red: "\u{1B}[31m"
        case .green: "\u{1B}[32m"
        case .yellow: "\u{1B}[33m"
        case .blue: "\u{1B}[34m"
        case .magenta: "\u{1B}[35m"
        case .cyan: "\u{1B}[36m"
        case .gray: "\u{1B}[90m"
        }
    }
}
