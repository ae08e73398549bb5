import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one folder in the temporary directory that a Workbench process writes to,
/// `workbench-<pid>` (mode 0700): each session's compiled inputs, a playground's modules and the
/// host's `Bundle.main` folder live under it.
///
/// It is removed when the process ends (at exit, and on SIGTERM or SIGHUP through
/// `EndingSignals`). A process killed outright runs no handler, so the next process that makes
/// its own folder removes every `workbench-<pid>` whose process is gone: what a killed session
/// left lasts only until the next one starts.
public enum ProcessScratchFolder {
    static let prefix = "workbench-"

    /// The folder, made on first use (which also clears what dead processes left).
    public static var url: URL { made }

    private static let made: URL = {
        let parent = FileManager.default.temporaryDirectory
        removeAbandoned(in: parent)
        let folder = parent.appendingPathComponent(prefix + String(getpid()))
        // Left by an earlier process with this pid: nothing of it can be in use.
        try? FileManager.default.removeItem(at: folder)
        if mkdir(folder.path, 0o700) != 0 || !isOurs(folder.path) {
            // The name is taken by someone else's folder (or a link): one of a name nobody can
            // have made before, which `owner(of:)` still reads as this process's.
            var template = Array(parent.appendingPathComponent(prefix + String(getpid()) + "-XXXXXX").path.utf8CString)
            if let unique = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) {
                madePath.withLock { $0 = String(cString: unique) }
            }
        } else {
            madePath.withLock { $0 = folder.path }
        }
        atexit { ProcessScratchFolder.remove() }
        return URL(fileURLWithPath: madePath.withLock { $0 } ?? folder.path)
    }()

    /// The folder's path once made (read by `remove`, which may run in a signal's aftermath).
    private static let madePath = Mutex<String?>(nil)

    /// Removes the folder (at exit, or when an ending signal arrives), if it was made.
    public static func remove() {
        guard let path = madePath.withLock({ $0 }) else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Starts a small program, in a session of its own, that removes the folder once this process
    /// has ended (an ending signal: threads may still write until the process is gone).
    static func removeAfterThisProcessEnds() {
        guard let path = madePath.withLock({ $0 }) else { return }
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 0.05; done; rm -rf -- \"$0\""
        let arguments = ["/bin/sh", "-c", script, path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID (0x80), which Swift's Glibc module does not export: a closed
        // terminal's hangup does not reach it.
        posix_spawnattr_setflags(&attributes, 0x80)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        _ = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    }

    /// Whether `path` is a real folder (no link) of this user's, that only this user can enter.
    static func isOurs(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == getuid() && (status.st_mode & 0o077) == 0
    }

    /// Removes the `workbench-<pid>` folders in `parent` whose process no longer runs.
    static func removeAbandoned(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names {
            guard let pid = owner(of: name), pid != getpid(), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The process a folder name belongs to: `workbench-1234` (or `workbench-1234-a1B2c3`) → 1234;
    /// nil for any other name.
    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        var digits = name.dropFirst(prefix.count)
        if let dash = digits.firstIndex(of: "-"), digits.distance(from: dash, to: digits.endIndex) == 7 {
            digits = digits[..<dash]
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return pid_t(digits)
    }

    /// Whether a process with that pid exists (another user's counts: its folder is not ours).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
