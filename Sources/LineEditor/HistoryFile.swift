import CLibEdit
import Foundation

/// The history file shared by every session of one user: each save appends, and now and then a
/// save compacts it; no session overwrites another's inputs.
///
/// The file is libedit's format: a cookie line, then one line per entry, oldest first (libedit
/// escapes spaces, tabs and line breaks, so an entry is one line). A save appends its entries'
/// lines, so it costs their size, not the file's. When the file holds more than twice
/// `HistoryStore.capacity` lines, the save that finds it so rewrites it with the last
/// `capacity` whole (`DurableFile`: a temporary file, `fsync`, `rename`), so it stays bounded.
///
/// Every reader and writer holds an exclusive `flock` on the file's directory, so two sessions
/// saving at the same moment take turns (as bash's `histappend` avoids losing inputs) and none
/// reads half an append. A writer killed in the middle of an append can leave an unfinished last
/// line; whoever opens the file next cuts it off before reading or appending.
struct HistoryFile {
    /// What this session last knew of the file, so that a save counts only the lines other
    /// sessions appended since instead of reading the whole file.
    private struct Known {
        var device: dev_t
        var inode: ino_t
        var size: off_t
        var lines: Int
    }

    let file: URL
    private var known: Known?
    /// Set when the file held an entry over `HistoryEntry.limit` (an older Workbench kept them
    /// whole): the next save rewrites the file with those entries cut.
    private var holdsOversizedEntries = false

    init(_ file: URL) { self.file = file }

    /// Enters the file's entries (the last `HistoryStore.capacity`, each bounded) into `history`.
    mutating func load(into history: OpaquePointer) {
        let directory = file.deletingLastPathComponent()
        // No directory, no file: nothing to load, and nothing is created before the first save.
        guard let lock = try? HistoryLock(directory) else { return }
        defer { lock.release() }
        let descriptor = open(file.path, O_RDWR | O_CLOEXEC)
        if descriptor >= 0 {
            defer { close(descriptor) }
            if let opened = HistoryDescriptor(descriptor), opened.hasCookie { opened.cutUnfinishedLastLine() }
        }
        let loaded = HistoryStore.makeHistory()
        defer { history_end(loaded) }
        var event = HistEvent()
        let lines = wb_history_load(loaded, &event, file.path)
        let entries = HistoryStore.entries(of: loaded)
        holdsOversizedEntries = entries.contains { $0.utf8.count > HistoryEntry.limit }
        for entry in entries { _ = wb_history_enter(history, &event, HistoryEntry.bounded(entry)) }
        var status = stat()
        if lines >= 0, stat(file.path, &status) == 0 {
            known = Known(device: status.st_dev, inode: status.st_ino, size: status.st_size, lines: Int(lines))
        }
    }

    /// Appends `entries` (in order) to the file, dropping an entry equal to the one before it.
    mutating func append(_ entries: [String]) throws(HistoryError) {
        let directory = file.deletingLastPathComponent()
        // A failure here shows as the lock's errno just below.
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = try HistoryLock(directory)
        defer { lock.release() }
        removeLeftovers(in: directory)

        let descriptor = open(file.path, O_RDWR | O_CLOEXEC)
        // Missing, not writable (a rename still replaces it) or not libedit's: rewritten whole.
        guard descriptor >= 0 else { return try rewrite(adding: entries) }
        defer { close(descriptor) }
        guard !holdsOversizedEntries, let opened = HistoryDescriptor(descriptor), opened.hasCookie,
              let encoded = HistoryLines.encode(entries) else { return try rewrite(adding: entries) }
        opened.cutUnfinishedLastLine()
        guard let size = opened.size else { return try rewrite(adding: entries) }
        let status = opened.status
        var lines: Int
        if let known, known.device == status.st_dev, known.inode == status.st_ino, known.size <= size {
            // A mistaken match (an inode number reused by another session's compaction) only
            // makes the count, and so the next compaction, a little late.
            lines = known.lines + opened.countLines(from: known.size, to: size)
        } else {
            lines = opened.countLines(from: off_t(HistoryLines.cookie.count), to: size)
        }

        var previous = opened.lastLine(size: size)
        var bytes: [UInt8] = []
        for line in encoded where line != previous {
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
            previous = line
            lines += 1
        }
        if let code = opened.write(bytes, at: size) { throw .cannotWrite(file.path, code) }
        known = Known(device: status.st_dev, inode: status.st_ino, size: size + off_t(bytes.count), lines: lines)
        if lines > 2 * Int(HistoryStore.capacity) { try rewrite(adding: []) }
    }

    /// Replaces the file with its last entries (bounded) and `entries` after them, as one whole
    /// new file. Under the lock.
    private mutating func rewrite(adding entries: [String]) throws(HistoryError) {
        let merged = HistoryStore.makeHistory()
        defer { history_end(merged) }
        var event = HistEvent()
        if wb_history_load(merged, &event, file.path) < 0 && access(file.path, F_OK) == 0 && access(file.path, R_OK) != 0 {
            // Present but unreadable: writing now would throw away everything in it. (A readable
            // file libedit cannot parse is replaced.)
            throw .cannotRead(file.path, errno)
        }
        let old = HistoryStore.entries(of: merged)
        if old.contains(where: { $0.utf8.count > HistoryEntry.limit }) {
            _ = wb_history_clear(merged, &event)
            for entry in old { _ = wb_history_enter(merged, &event, HistoryEntry.bounded(entry)) }
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
        holdsOversizedEntries = false
        var status = stat()
        known = stat(file.path, &status) == 0
            ? Known(device: status.st_dev, inode: status.st_ino, size: status.st_size,
                    lines: HistoryStore.entries(of: merged).count)
            : nil
    }

    /// Temporary files of writers that were killed: under the lock no other writer is at work.
    private func removeLeftovers(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where DurableFile.isTemporary(name, for: file) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}

/// An exclusive `flock` on the history file's directory, held until `release()`.
private struct HistoryLock {
    let descriptor: Int32

    init(_ directory: URL) throws(HistoryError) {
        descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(directory.path, errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw .cannotWrite(directory.path, code)
            }
        }
    }

    /// Closing the directory releases the lock.
    func release() { close(descriptor) }
}
