import Foundation
import Testing

/// Drives a program through a pseudo-terminal, the way a person at a terminal would.
///
/// The child gets the terminal as its controlling terminal (so Ctrl-C raises SIGINT in it)
/// and its own session, so nothing it does reaches the test process.
public final class PseudoTerminal: @unchecked Sendable {
    public struct Timeout: Error, CustomStringConvertible {
        public let waitingFor: String
        public let output: String
        /// The terminal's line discipline then (`icanon isig echo`, `-` for a mode that is off).
        public var modes = ""
        public var description: String {
            "timed out waiting for \(waitingFor.debugDescription) (terminal: \(modes)); output so far:\n\(output)"
        }
    }

    /// The terminal's local modes that decide what a typed key does, as stty names them.
    public var modes: String {
        var attributes = termios()
        guard tcgetattr(primary, &attributes) == 0 else { return "unknown" }
        let flags: [(String, Int32)] = [("icanon", ICANON), ("isig", ISIG), ("echo", ECHO)]
        return flags.map { attributes.c_lflag & tcflag_t($0.1) != 0 ? $0.0 : "-" + $0.0 }.joined(separator: " ")
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export.
    private let posixSpawnSetSID: Int32 = 0x80
    public let processID: pid_t
    private let primary: Int32
    private var received: [UInt8] = []
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment` on a new terminal of `columns`×40.
    public init(executable: String, arguments: [String] = [], environment: [String: String], columns: UInt16 = 100) throws {
        var primary: Int32 = 0, secondary: Int32 = 0
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw POSIXError(.init(rawValue: errno)!) }
        // ttyname_r, not ttyname: tests start terminals on several threads at once, and ttyname's
        // one static buffer was once read half-written ("/dev/pts/", so the spawn failed with EISDIR).
        var name = [CChar](repeating: 0, count: 64)
        let named = ttyname_r(secondary, &name, name.count)
        guard named == 0 else { throw POSIXError(.init(rawValue: named)!) }
        let secondaryPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        close(secondary)
        self.primary = primary

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opening the terminal after setsid makes it the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, secondaryPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing else the tests hold open reaches the child: a file another test is writing,
        // kept open by a child that outlives the write, closes when that child exits, and a
        // watcher of that file sees a save nobody made.
        if Self.addCloseFrom?(&actions, 3) == nil { posix_spawn_file_actions_addclose(&actions, primary) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(posixSpawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(.init(rawValue: status)!) }
        processID = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not import (Debian 12 has glibc 2.36); looked up once.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// The built `workbench` at a new terminal, with its history and state in `home` and colours
    /// off, once its first prompt is reading keys.
    public static func workbench(home: URL, arguments: [String] = []) async throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: try Binaries.workbench, arguments: arguments,
            environment: isolatedEnvironment(home: home, extra: ["NO_COLOR": "1"]))
        try await terminal.waitForPrompt()
        return terminal
    }

    /// How a session of `withWorkbench` ends once its body has run.
    public enum Ending: Sendable {
        /// `quit` is typed, and the session must exit with status 0.
        case quit
        /// Ctrl-D is typed, and the session must exit with status 0. The body leaves the line empty
        /// and, where it matters, waits for raw mode (`waitForPrompt` says why).
        case ctrlD
        /// The body ends the session itself: to check what the session left in its home or printed
        /// up to its exit, or because the ending is what it tests (a kill, a signal, keys typed
        /// ahead). A session still running after the body is killed.
        case inBody
    }

    /// `workbench(home:arguments:)` in a home folder of its own, given to `body` with that folder;
    /// then the session ends as `ending` says, and the folder is removed. When `body` throws, the
    /// session is killed before its folder is removed, so that it cannot write there afterwards.
    /// A wrong exit status is reported at `sourceLocation`, the test's call.
    @discardableResult
    public static func withWorkbench<Result>(
        arguments: [String] = [], ending: Ending = .quit, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (PseudoTerminal, URL) async throws -> Result
    ) async throws -> Result {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let terminal = try await workbench(home: home.url, arguments: arguments)
        defer { terminal.killIfRunning() }
        let result = try await body(terminal, home.url)
        switch ending {
        case .quit: terminal.type("quit\r")
        case .ctrlD: terminal.type("\u{4}")
        case .inBody: return result
        }
        #expect(try await terminal.waitForExit() == 0, sourceLocation: sourceLocation)
        return result
    }

    /// Kills the program unless it was seen to exit, and reaps it.
    private func killIfRunning() {
        guard exitStatus == nil else { return }
        kill(processID, SIGKILL)
        var status: Int32 = 0
        waitpid(processID, &status, 0)
        exitStatus = status
    }

    deinit {
        killIfRunning()
        close(primary)
    }

    /// Everything the program has written so far, escape codes included.
    public var output: String { String(decoding: received, as: UTF8.self) }

    /// Types `text` (use "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\t" for Tab, "\u{1B}[A" for Up).
    public func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// Pastes `text` as a terminal does for a program that asked for bracketed pastes (mode
    /// 2004): between `ESC [200~` and `ESC [201~`. Written while the output is read, so that a
    /// large paste cannot stall on a program that echoes it.
    public func paste(_ text: String, timeout: Duration = .seconds(60)) async throws {
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        try await onOwnThread { try self.blockingWrite(bytes, timeout: timeout) }
    }

    private func blockingWrite(_ bytes: [UInt8], timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        let flags = fcntl(primary, F_GETFL)
        _ = fcntl(primary, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(primary, F_SETFL, flags) }
        var written = 0
        while written < bytes.count {
            guard ContinuousClock.now < deadline else {
                throw Timeout(waitingFor: "the terminal to take \(bytes.count - written) more bytes", output: output, modes: modes)
            }
            let count = bytes[written...].withUnsafeBytes { write(primary, $0.baseAddress, min($0.count, 4096)) }
            if count > 0 { written += count }
            // Whatever the program wrote meanwhile, so that it goes on reading.
            _ = readAvailable(until: ContinuousClock.now + (count > 0 ? .zero : .milliseconds(5)))
        }
    }

    // The waits below poll the terminal on a thread of their own (`onOwnThread`): blocking the
    // cooperative pool for seconds would starve the sandboxes other tests run in this process.

    /// Reads until the output since `offset` contains `text`; returns that part of the output.
    @discardableResult
    public func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(20)) async throws -> String {
        try await onOwnThread { try self.blockingWaitFor(text, after: offset, timeout: timeout) }
    }

    /// Waits for `prompt` and then until the line editor has put the terminal in raw mode.
    ///
    /// libedit prints the prompt a moment before it leaves cooked mode; keys typed in that
    /// moment are handled by the kernel's line discipline instead (Ctrl-D would be lost).
    @discardableResult
    public func waitForPrompt(_ prompt: String = "wb> ", after offset: Int = 0, timeout: Duration = .seconds(20)) async throws -> String {
        try await onOwnThread {
            let seen = try self.blockingWaitFor(prompt, after: offset, timeout: timeout)
            try self.blockingWaitForRawMode(timeout: timeout)
            return seen
        }
    }

    /// Waits until the line editor is reading keys (the terminal is out of cooked mode).
    public func waitForRawMode(timeout: Duration = .seconds(20)) async throws {
        try await onOwnThread { try self.blockingWaitForRawMode(timeout: timeout) }
    }

    private func blockingWaitFor(_ text: String, after offset: Int, timeout: Duration) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = String(decoding: received.dropFirst(offset), as: UTF8.self)
            if seen.contains(text) { return seen }
            guard ContinuousClock.now < deadline, readAvailable(until: deadline) else {
                throw Timeout(waitingFor: text, output: output, modes: modes)
            }
        }
    }

    private func blockingWaitForRawMode(timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        var attributes = termios()
        while tcgetattr(primary, &attributes) == 0, attributes.c_lflag & tcflag_t(ICANON) != 0 {
            guard ContinuousClock.now < deadline else { throw Timeout(waitingFor: "raw mode", output: output, modes: modes) }
            _ = readAvailable(until: ContinuousClock.now + .milliseconds(2))
        }
    }

    /// Byte count of the output so far, to wait for something that comes after it.
    public var mark: Int { received.count }

    /// Whether the process is still running.
    public var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(processID, &status, WNOHANG) == processID {
            exitStatus = status
            return false
        }
        return true
    }

    /// Waits for the program to exit and returns its exit code (128+N for a signal N).
    public func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
        try await onOwnThread { try self.blockingWaitForExit(timeout: timeout) }
    }

    private func blockingWaitForExit(timeout: Duration) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            guard ContinuousClock.now < deadline else { throw Timeout(waitingFor: "exit", output: output, modes: modes) }
            _ = readAvailable(until: ContinuousClock.now + .milliseconds(50))
        }
        _ = readAvailable(until: ContinuousClock.now + .milliseconds(50))
        let status = exitStatus ?? 0
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Reads whatever arrives before `deadline`; false when the terminal closed.
    private func readAvailable(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = deadline - ContinuousClock.now
        let milliseconds = max(0, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, min(milliseconds, 100)) > 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(primary, &chunk, chunk.count)
        if count > 0 {
            received.append(contentsOf: chunk.prefix(count))
            return true
        }
        return count < 0 && errno == EINTR
    }
}
