import CLibEdit
import Foundation

/// Input history kept by libedit and persisted to a file the user owns.
///
/// The file is libedit's own format (so `~/.editrc` users recognise it), written atomically
/// (temp file, then rename) with mode 0600 because inputs may contain private URLs.
public final class HistoryStore {
    /// Entries kept; older ones are dropped.
    public static let capacity: Int32 = 1000

    let handle: OpaquePointer
    private let file: URL?

    public init(file: URL?) {
        handle = history_init()
        self.file = file
        var event = HistEvent()
        wb_history_set_size(handle, &event, Self.capacity)
        // Consecutive duplicates are dropped.
        wb_history_set_unique(handle, &event, 1)
        if let file {
            _ = wb_history_load(handle, &event, file.path)
        }
    }

    deinit { history_end(handle) }

    /// `$XDG_STATE_HOME/workbench/history`, or `~/.local/state/workbench/history`.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("workbench/history")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/workbench/history")
    }

    public func add(_ entry: String) {
        var event = HistEvent()
        _ = wb_history_enter(handle, &event, entry)
    }

    /// All entries, oldest first.
    public var entries: [String] {
        var result: [String] = []
        var event = HistEvent()
        var status = wb_history_last(handle, &event)
        while status == 0 {
            result.append(String(cString: event.str))
            status = wb_history_prev(handle, &event)
        }
        return result
    }

    /// Writes the history file atomically with mode 0600.
    public func save() throws {
        guard let file else { return }
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".history.\(getpid()).tmp")
        var event = HistEvent()
        // Create it private before libedit writes into it, so it is never readable by others.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw HistoryError.cannotWrite(temporary.path, errno) }
        close(fd)
        guard wb_history_save(handle, &event, temporary.path) >= 0 else {
            unlink(temporary.path)
            throw HistoryError.cannotWrite(temporary.path, errno)
        }
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw HistoryError.cannotWrite(file.path, code)
        }
    }

    /// Saves, ignoring failures: a read-only home must not stop the REPL.
    func saveQuietly() {
        try? save()
    }
}

/// Why the history file could not be written.
public enum HistoryError: Error, CustomStringConvertible {
    case cannotWrite(String, Int32)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let code):
            "cannot write history file \(path): \(String(cString: strerror(code)))"
        }
    }
}
