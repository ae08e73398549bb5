import CLibEdit
import Foundation

/// Input history kept by libedit and persisted to a file the user owns.
///
/// The file is libedit's own format (so `~/.editrc` users recognise it), private (mode 0600,
/// since inputs may contain private URLs). Several sessions can share it: each save appends this
/// session's new inputs to the file as it is now (`HistoryFile`), so none overwrites another.
/// An input over `HistoryEntry.limit` is kept as its beginning only.
public final class HistoryStore {
    /// Entries kept; older ones are dropped.
    public static let capacity: Int32 = 1000

    let handle: OpaquePointer
    private var file: HistoryFile?
    /// Inputs added since the last successful save, oldest first.
    private var unsaved: [String] = []

    public init(file: URL?) {
        handle = Self.makeHistory()
        self.file = file.map(HistoryFile.init)
        self.file?.load(into: handle)
    }

    deinit { history_end(handle) }

    /// An empty libedit history: `capacity` entries, consecutive duplicates dropped.
    static func makeHistory() -> OpaquePointer {
        let handle = history_init()!
        var event = HistEvent()
        wb_history_set_size(handle, &event, capacity)
        wb_history_set_unique(handle, &event, 1)
        return handle
    }

    /// `$XDG_STATE_HOME/workbench/history`, or `~/.local/state/workbench/history`.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("workbench/history")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/workbench/history")
    }

    /// Adds an input to recall and to the next save, cut to `HistoryEntry.limit`.
    public func add(_ input: String) {
        let entry = HistoryEntry.bounded(input)
        var event = HistEvent()
        _ = wb_history_enter(handle, &event, entry)
        unsaved.append(entry)
    }

    /// All entries, oldest first.
    public var entries: [String] { Self.entries(of: handle) }

    static func entries(of handle: OpaquePointer) -> [String] {
        var result: [String] = []
        var event = HistEvent()
        var status = wb_history_last(handle, &event)
        while status == 0 {
            result.append(String(cString: event.str))
            status = wb_history_prev(handle, &event)
        }
        return result
    }

    /// Appends this session's unsaved inputs to what the file holds now, durably.
    public func save() throws(HistoryError) {
        guard file != nil, !unsaved.isEmpty else { return }
        try file?.append(unsaved)
        unsaved = []
    }

    /// Saves, ignoring failures: a read-only home must not stop the REPL.
    func saveQuietly() {
        try? save()
    }
}

/// Why the history file could not be read or written.
public enum HistoryError: Error, CustomStringConvertible, Equatable {
    case cannotRead(String, Int32)
    case cannotWrite(String, Int32)

    public var description: String {
        switch self {
        case .cannotRead(let path, let code):
            "cannot read history file \(path): \(String(cString: strerror(code)))"
        case .cannotWrite(let path, let code):
            "cannot write history file \(path): \(String(cString: strerror(code)))"
        }
    }
}
