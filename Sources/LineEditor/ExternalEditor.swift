import Foundation

/// The user's own editor on a text: `$VISUAL`, else `$EDITOR`, else `vi`, as `git commit`, bash's
/// `fc` and psql's `\e` choose it. The text goes to a file of its own (mode 0600) in `folder`,
/// which is removed once the editor is done.
public struct ExternalEditor {
    /// How an edit ended.
    public enum Outcome: Equatable, Sendable {
        /// Saved with other text.
        case changed(String)
        /// The file is as it was (quit without saving, or saved unchanged).
        case unchanged
        /// The editor exited with a status other than 0 (`:cq` in vim): its text is not taken.
        case failed(status: Int32)
        /// Ctrl-C while the editor ran (one that hangs): it was stopped and its text not taken.
        case interrupted
        /// The editor could not be started, or the file not written or read; the reason.
        case unavailable(String)
    }

    private struct StartFailure: Error {
        let reason: String
    }

    /// The command line that starts the editor; a file's path is added after it.
    public let command: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
    }

    /// Opens `text` in the editor in a file named `name` in `folder` and waits for it to exit;
    /// `interrupted` is polled meanwhile (Ctrl-C stops an editor that does not end).
    public func edit(_ text: String, name: String, in folder: URL, interrupted: () -> Bool) -> Outcome {
        let file = folder.appendingPathComponent(name)
        // A file of its own, never one found there (nor what a link there points to).
        unlink(file.path)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .unavailable("\(file.path): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        defer { unlink(file.path) }
        guard written == bytes.count else { return .unavailable("\(file.path): could not be written") }
        // The terminal as it was, whatever the editor leaves it in (one killed after Ctrl-C, or crashed).
        var terminal = termios()
        let hasTerminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &terminal) == 0
        defer { if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &terminal) } }
        let started: pid_t
        do {
            started = try spawn(file: file.path)
        } catch {
            return .unavailable(error.reason)
        }
        guard let status = wait(for: started, interrupted: interrupted) else { return .interrupted }
        guard status == 0 else { return .failed(status: status) }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .unavailable("\(file.path) was removed by the editor")
        }
        guard let edited = String(data: data, encoding: .utf8) else { return .unavailable("the file is not UTF-8 any more") }
        return edited == text ? .unchanged : .changed(edited)
    }

    /// Starts `sh -c 'COMMAND "$1"' sh FILE`, so that a command with arguments (`code --wait`)
    /// works and the path is never split. A piped session's input is not the editor's: it reads
    /// /dev/null there.
    private func spawn(file: String) throws(StartFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if isatty(STDIN_FILENO) != 1 {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        // The default handlers back: the REPL's Ctrl-C flag is not the editor's.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", file]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        guard status == 0 else { throw StartFailure(reason: "could not start '\(command)': \(String(cString: strerror(status)))") }
        return pid
    }

    /// The editor's exit status (128 + the signal for one that ended by a signal); nil when
    /// Ctrl-C came first (the editor is then ended).
    private func wait(for pid: pid_t, interrupted: () -> Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { break }
            if ended < 0, errno != EINTR { return 127 }
            if interrupted() {
                kill(pid, SIGTERM)
                usleep(100_000)
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(10_000)
        }
        // Ctrl-C reaches the editor too (it shares the terminal): one that died of it was stopped.
        if interrupted() { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
