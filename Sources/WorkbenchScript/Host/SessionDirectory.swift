import Foundation
import Synchronization
import ToolProcesses

/// The private directory (mode 0700) of one session's compiled inputs, in the process's
/// `ProcessScratchFolder`: the program, the settings, and the recording and results. Removed by `remove()`, and at
/// the latest when the process exits.
final class SessionDirectory: @unchecked Sendable {
    let url: URL

    init(parent: URL = ProcessScratchFolder.url) throws(HostSetupError) {
        var template = Array(parent.appendingPathComponent("prompt-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .sessionDirectory("\(parent.path): \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made))
        Self.removeAtExit
        _ = Self.registered.withLock { $0.insert(url.path) }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Removes the files bodies were spilled to (`BinaryWriter`'s `bytes-…`), once both sides have
    /// mapped what they read of them.
    func removeSpilledFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names where name.hasPrefix("bytes-") { unlink(file(name).path) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
        Self.registered.withLock { _ = $0.remove(url.path) }
    }

    deinit { remove() }

    /// Removes every directory still present: at exit, and when SIGTERM or SIGHUP ends the process
    /// (`EndingSignals` runs it through the hook `removeAtExit` gives it: a signal runs no `atexit` handler).
    static func removeAll() {
        for path in registered.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Directories still present when the process ends are removed by an `atexit` handler, or by
    /// `EndingSignals` when a signal ends it; both are set up before the first directory is kept.
    private static let registered = Mutex<Set<String>>([])
    private static let removeAtExit: Void = {
        atexit { SessionDirectory.removeAll() }
        EndingSignals.alsoOnEnding { SessionDirectory.removeAll() }
    }()
}
