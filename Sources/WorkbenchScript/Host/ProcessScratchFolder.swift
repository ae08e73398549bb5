import Foundation
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
        mkdir(folder.path, 0o700)
        atexit { ProcessScratchFolder.remove() }
        return folder
    }()

    /// Removes the folder (at exit, or when an ending signal arrives), whether or not it was made.
    public static func remove() {
        try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory
            .appendingPathComponent(prefix + String(getpid())).path)
    }

    /// Removes the `workbench-<pid>` folders in `parent` whose process no longer runs.
    static func removeAbandoned(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names {
            guard let pid = owner(of: name), pid != getpid(), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The process a folder name belongs to: `workbench-1234` → 1234; nil for any other name.
    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return pid_t(digits)
    }

    /// Whether a process with that pid exists (another user's counts: its folder is not ours).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
