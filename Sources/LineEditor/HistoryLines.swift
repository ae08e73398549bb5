import CLibEdit
import Foundation

/// Entries as lines of libedit's history file, written by libedit itself so that an appended
/// line is byte for byte what a whole save writes.
enum HistoryLines {
    /// The first line of every history file libedit writes and reads.
    static let cookie = Array("_HiStOrY_V2_\n".utf8)
    static let lineBreak = UInt8(ascii: "\n")

    /// Each entry escaped as libedit writes it (without its line break), in order; nil when
    /// libedit could not write them.
    static func encode(_ entries: [String]) -> [[UInt8]]? {
        // libedit writes history only to a FILE it can fchmod, so not to a memory stream.
        guard !entries.isEmpty, let stream = tmpfile() else { return nil }
        defer { fclose(stream) }
        let history = history_init()!
        defer { history_end(history) }
        var event = HistEvent()
        wb_history_set_size(history, &event, Int32(entries.count))
        for entry in entries { _ = wb_history_enter(history, &event, entry) }
        guard wb_history_save_fp(history, &event, stream) >= 0, fflush(stream) == 0 else { return nil }
        let size = ftell(stream)
        guard size >= cookie.count else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        rewind(stream)
        guard fread(&bytes, 1, size, stream) == size else { return nil }
        let lines = bytes.dropFirst(cookie.count).split(separator: lineBreak, omittingEmptySubsequences: false).dropLast()
        guard lines.count == entries.count else { return nil }
        return lines.map { Array($0) }
    }
}

/// The history file open for an append: read near its end, and only where others appended.
struct HistoryDescriptor {
    let descriptor: Int32

    init?(_ descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.descriptor = descriptor
    }

    var status: stat {
        var status = stat()
        fstat(descriptor, &status)
        return status
    }

    var size: off_t? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? status.st_size : nil
    }

    var hasCookie: Bool { read(at: 0, count: HistoryLines.cookie.count) == HistoryLines.cookie }

    /// The cookie's own line break: no entry starts before it.
    private var floor: off_t { off_t(HistoryLines.cookie.count - 1) }

    /// Cuts off a last line without its line break: what a writer killed mid-append leaves.
    func cutUnfinishedLastLine() {
        guard let size, size > floor + 1, read(at: size - 1, count: 1) != [HistoryLines.lineBreak] else { return }
        ftruncate(descriptor, lastLineBreak(before: size) + 1)
    }

    /// The last line's bytes, without its line break; nil when the file holds no entry.
    func lastLine(size: off_t) -> [UInt8]? {
        guard size > floor + 1 else { return nil }
        let start = lastLineBreak(before: size - 1) + 1
        return read(at: start, count: Int(size - 1 - start))
    }

    /// Line breaks in `start..<end`.
    func countLines(from start: off_t, to end: off_t) -> Int {
        var count = 0, offset = start
        while offset < end {
            let chunk = read(at: offset, count: Int(min(end - offset, 1 << 20)))
            guard !chunk.isEmpty else { break }
            count += chunk.reduce(0) { $0 + ($1 == HistoryLines.lineBreak ? 1 : 0) }
            offset += off_t(chunk.count)
        }
        return count
    }

    /// Writes `bytes` at `offset` and flushes them to disk; the system's error code on failure,
    /// with the file cut back to `offset` so that no half line stays.
    func write(_ bytes: [UInt8], at offset: off_t) -> Int32? {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, offset + off_t(done)) }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                ftruncate(descriptor, offset)
                return code
            }
            done += written
        }
        return fdatasync(descriptor) == 0 ? nil : errno
    }

    /// The offset of the last line break before `end` (at least the cookie's).
    private func lastLineBreak(before end: off_t) -> off_t {
        var chunkEnd = end
        while chunkEnd > floor {
            let start = max(floor, chunkEnd - 65536)
            let bytes = read(at: start, count: Int(chunkEnd - start))
            if let index = bytes.lastIndex(of: HistoryLines.lineBreak) { return start + off_t(index) }
            chunkEnd = start
        }
        return floor
    }

    private func read(at offset: off_t, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, offset + off_t(done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }
}
