import Foundation

/// Replaces a file so that, whenever the process dies, the file holds its whole old content or
/// its whole new content, never a part of either.
///
/// The new content goes to a temporary file in the same directory, is flushed to disk (`fsync`),
/// renamed over the old file (atomic within one file system), and the directory is flushed too,
/// so that the rename itself survives a power cut. Used for the history and for saved snippets.
public enum DurableFile {
    /// Writes `data` to `file`; a new file gets `permissions` less the umask.
    public static func write(_ data: Data, to file: URL, permissions: mode_t = 0o666) throws(DurableFileError) {
        try replace(file, permissions: permissions) { descriptor, temporary throws(DurableFileError) in
            let failure: Int32? = data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return nil
            }
            if let failure { throw DurableFileError(path: temporary, code: failure) }
        }
    }

    /// Replaces `file` with what `fill` writes into the temporary file (through the open
    /// descriptor, or by opening the path it is given, as libedit does).
    public static func replace(
        _ file: URL, permissions: mode_t,
        fill: (_ descriptor: Int32, _ temporaryPath: String) throws(DurableFileError) -> Void
    ) throws(DurableFileError) {
        let directory = file.deletingLastPathComponent().path
        let temporary = temporaryPath(for: file)
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw DurableFileError(path: temporary, code: errno) }
        do throws(DurableFileError) {
            try fill(descriptor, temporary)
            // The descriptor still names the same inode if `fill` reopened the path: flushing it flushes that.
            guard fsync(descriptor) == 0 else { throw DurableFileError(path: file.path, code: errno) }
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, file.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw DurableFileError(path: file.path, code: code)
        }
        try syncDirectory(directory)
    }

    /// `.NAME.PID.RANDOM.tmp` beside `file`: hidden, and never ending in `.swift` (SwiftPM would
    /// build a leftover in Snippets/ as a snippet).
    static func temporaryPath(for file: URL) -> String {
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(suffix).tmp").path
    }

    /// Whether `name` is one of the temporary files written for `file` (left behind by a killed process).
    static func isTemporary(_ name: String, for file: URL) -> Bool {
        name.hasPrefix(".\(file.lastPathComponent).") && name.hasSuffix(".tmp")
    }

    /// Flushes a directory's entries, so that a rename in it is on disk.
    static func syncDirectory(_ path: String) throws(DurableFileError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DurableFileError(path: path, code: errno) }
        defer { close(descriptor) }
        // Some file systems cannot flush a directory (EINVAL); the rename has happened all the same.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw DurableFileError(path: path, code: errno) }
    }
}

/// Why a file could not be written: the path and the system's reason.
public struct DurableFileError: Error, LocalizedError, CustomStringConvertible, Equatable {
    public let path: String
    public let code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The system's words for the failure, e.g. "No space left on device".
    public var reason: String { String(cString: strerror(code)) }
    public var errorDescription: String? { reason }
    public var description: String { "cannot write \(path): \(reason)" }
}
