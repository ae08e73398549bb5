import CLibEdit
import Foundation

/// The history file shared by every session of one user: merged on each write, never overwritten.
///
/// A writer holds an exclusive `flock` on the file's directory while it reads the file, adds
/// its entries and renames the new file into place, so two sessions saving at the same moment
/// take turns instead of one losing the other's inputs (as bash's `histappend` avoids).
struct HistoryFile {
    let file: URL

    init(_ file: URL) { self.file = file }

    /// Appends `entries` (in order) to the file's entries, drops consecutive duplicates, keeps the
    /// last `HistoryStore.capacity`, and replaces the file with mode 0600.
    func append(_ entries: [String]) throws(HistoryError) {
        let directory = file.deletingLastPathComponent()
        // A failure here shows as open's errno just below.
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw .cannotWrite(directory.path, errno) }
        defer { close(lock) }  // closing releases the lock
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(directory.path, errno) }
        }
        removeLeftovers(in: directory)

        let merged = HistoryStore.makeHistory()
        defer { history_end(merged) }
        var event = HistEvent()
        if wb_history_load(merged, &event, file.path) < 0 && access(file.path, F_OK) == 0 && access(file.path, R_OK) != 0 {
            // Present but unreadable: writing now would throw away everything in it. (A readable
            // file libedit cannot parse is replaced, as before merging existed.)
            throw .cannotRead(file.path, errno)
        }
        for entry in entries { _ = wb_history_enter(merged, &event, entry) }
        do {
            try DurableFile.replace(file, permissions: 0o600) { _, temporary throws(DurableFileError) in
                // libedit writes its own format (and makes the file 0600) through the path.
                var event = HistEvent()
                guard wb_history_save(merged, &event, temporary) >= 0 else {
                    throw DurableFileError(path: temporary, code: errno == 0 ? EIO : errno)
                }
            }
        } catch {
            throw .cannotWrite(error.path, error.code)
        }
    }

    /// Temporary files of writers that were killed: under the lock no other writer is at work.
    private func removeLeftovers(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where DurableFile.isTemporary(name, for: file) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}
