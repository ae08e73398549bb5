import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells when a file is saved, through inotify on its folder: editors that save by writing a new
/// file and renaming it over the old one (vim, many others) end a watch on the file itself, so
/// the folder is watched and events are kept for the file's name.
final class FileWatcher {
    /// What happened to the file since the last look.
    enum Change: Equatable {
        /// Written (in place, or a new file moved or made under its name).
        case saved
        /// Removed or moved away: it may come back.
        case removed
        /// A Swift file of one of the other folders watched (a playground's `Sources/`) changed.
        case sourcesChanged
    }

    let file: URL
    private let descriptor: Int32
    private let name: String
    /// The watches of `folders`, where any Swift file's change counts.
    private var folderWatches: Set<Int32> = []

    init(_ file: URL, folders: [URL] = []) throws(PlayError) {
        self.file = file
        name = file.lastPathComponent
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .watch(file.path, String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF)
        guard inotify_add_watch(descriptor, file.deletingLastPathComponent().path, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .watch(file.deletingLastPathComponent().path, reason)
        }
        for folder in folders {
            let watch = inotify_add_watch(descriptor, folder.path, mask)
            if watch >= 0 { folderWatches.insert(watch) }
        }
    }

    deinit { close(descriptor) }

    /// Waits up to `timeout` milliseconds for the file to change, then for its changes to settle
    /// (`settle` milliseconds without another: two saves 10 ms apart are one; at most half a
    /// second in all, however busy the folder), and says what the file's state is; nil when
    /// nothing happened to it. Also returns early, with nil, when `input` (a descriptor, or -1)
    /// has something to read.
    func next(timeout: Int32, settle: Int32 = 40, input: Int32 = -1) -> Change? {
        guard wait(timeout, input: input), var seen = drain() else { return nil }
        let latest = ContinuousClock.now + .milliseconds(500)
        var quietAt = ContinuousClock.now + .milliseconds(Int(settle))
        while ContinuousClock.now < min(quietAt, latest) {
            let left = (min(quietAt, latest) - ContinuousClock.now).components
            guard wait(Int32(left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000) + 1, input: -1) else { break }
            // Only the file's own events hold the run back, not another file's (an editor's swap file).
            if let more = drain() {
                seen = seen == .sourcesChanged || more == .sourcesChanged ? .sourcesChanged : more
                quietAt = ContinuousClock.now + .milliseconds(Int(settle))
            }
        }
        // The file decides, not the last event: a save by rename is a move away and a move in.
        guard FileManager.default.fileExists(atPath: file.path) else { return .removed }
        return seen == .sourcesChanged ? .sourcesChanged : .saved
    }

    /// Whether the watch (or `input`) became readable within `milliseconds`.
    private func wait(_ milliseconds: Int32, input: Int32) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        if input >= 0 { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        return ready > 0 && descriptors[0].revents & Int16(POLLIN) != 0
    }

    /// Reads every pending event; the last change to the file's name, if any, or `sourcesChanged`
    /// when a watched folder's Swift file changed too.
    private func drain() -> Change? {
        var change: Change?
        var sourcesChanged = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return sourcesChanged ? .sourcesChanged : change }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
            while offset + 16 <= count {
                let watch = buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let mask = buffer[offset + 4..<offset + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let length = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                let nameBytes = buffer[offset + 16..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                offset += 16 + length
                if folderWatches.contains(watch) {
                    // A compiled Swift file changed, came or went (not an editor's swap file).
                    if String(decoding: nameBytes, as: UTF8.self).hasSuffix(".swift") { sourcesChanged = true }
                    continue
                }
                guard String(decoding: nameBytes, as: UTF8.self) == name || mask & UInt32(IN_DELETE_SELF) != 0 else { continue }
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE) != 0 { change = .saved }
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF) != 0 { change = .removed }
            }
        }
    }
}

/// What `play` cannot do with its file, in one line.
enum PlayError: Error, CustomStringConvertible {
    case watch(String, String)
    case missing(String)
    case notText(String)
    case notSwift(String)

    var description: String {
        switch self {
        case .watch(let path, let reason): "cannot watch \(path): \(reason)"
        case .missing(let path): "no file \(path)"
        case .notText(let path): "\(path) is not UTF-8 text: play runs Swift source files"
        case .notSwift(let path): "\(path) is not a .swift file: play runs Swift source files and playground pages"
        }
    }
}
