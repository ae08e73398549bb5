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

    /// How long a save waits for another before its run has an effect: two saves 10 ms apart are one run.
    static let settle = Duration.milliseconds(40)
    /// After `next` returned a whole save at once: when its settle ends, and when the first of
    /// the saves it waits out came.
    private var settling: (ends: ContinuousClock.Instant, since: ContinuousClock.Instant)?
    /// Whether the last `drain` saw the file made, or moved or removed: a save still under way.
    private var sawSaveUnderWay = false
    private var sourcesChangedWhileSettling = false
    /// A save `settled()` saw: the settle of the run `next` returns for it at once.
    private var savedWhileSettling: (ends: ContinuousClock.Instant, since: ContinuousClock.Instant)?
    /// The first save of the saves a run was last dropped for.
    private var droppedSince: ContinuousClock.Instant?

    /// Waits up to `timeout` milliseconds for the file to change, and says what the file's state
    /// is; nil when nothing happened to it. Also returns early, with nil, when `input` (a
    /// descriptor, or -1) has something to read.
    ///
    /// A whole save (the file written and closed, or a new one moved over it) is returned at once:
    /// its run may read the file and compile while the save settles, and asks `settled()` before
    /// anything it does has an effect. Anything else is returned once the changes have settled
    /// (`settle` without another, at most half a second in all, however busy the folder).
    func next(timeout: Int32, input: Int32 = -1) -> Change? {
        // A save `settled()` saw after the run it was asked for: its run starts now.
        if let pending = savedWhileSettling {
            savedWhileSettling = nil
            settling = pending
            return .saved
        }
        settling = nil
        if sourcesChangedWhileSettling {
            sourcesChangedWhileSettling = false
            return .sourcesChanged
        }
        guard wait(timeout, input: input), let seen = drain() else { return nil }
        let now = ContinuousClock.now
        if seen == .saved, !sawSaveUnderWay, Self.hasContent(file) {
            settling = (now + Self.settle, now)
            return .saved
        }
        return settled(after: seen, since: now)
    }

    /// After `next` returned a save at once: waits out the rest of its settle. True when the file
    /// was not changed again meanwhile (the run goes on); false when it was: the run is dropped,
    /// and the next `next` returns that save at once. Once a run was dropped, saves that keep
    /// coming hold runs back for at most half a second: then the run goes on, and the next `next`
    /// still returns the save that came. Asked again after it answered, it answers true.
    func settled() -> Bool {
        guard let (ends, since) = settling else { return true }
        settling = nil
        var quietAt = ends
        repeat {
            // Also when the settle is over already (a compile took longer): a save may be waiting.
            guard wait(ContinuousClock.now < quietAt ? Self.milliseconds(until: quietAt) : 0, input: -1) else { break }
            guard let change = drain() else { continue }
            // Told by the next `next`: the run goes on with the file it read.
            if change == .sourcesChanged {
                sourcesChangedWhileSettling = true
                continue
            }
            let now = ContinuousClock.now
            guard droppedSince == since, now - since >= .milliseconds(500) else {
                droppedSince = since
                savedWhileSettling = (now + Self.settle, since)
                return false
            }
            savedWhileSettling = (now + Self.settle, now)
            quietAt = now
        } while ContinuousClock.now < quietAt
        return true
    }

    /// Waits for the changes after `first` to settle and says what the file's state is then.
    private func settled(after first: Change, since: ContinuousClock.Instant) -> Change {
        var seen = first
        let latest = since + .milliseconds(500)
        var quietAt = ContinuousClock.now + Self.settle
        while ContinuousClock.now < min(quietAt, latest) {
            guard wait(Self.milliseconds(until: min(quietAt, latest)), input: -1) else { break }
            // Only the file's own events hold the run back, not another file's (an editor's swap file).
            if let more = drain() {
                seen = seen == .sourcesChanged || more == .sourcesChanged ? .sourcesChanged : more
                quietAt = ContinuousClock.now + Self.settle
            }
        }
        // The file decides, not the last event: a save by rename is a move away and a move in.
        guard FileManager.default.fileExists(atPath: file.path) else { return .removed }
        return seen == .sourcesChanged ? .sourcesChanged : .saved
    }

    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = (instant - ContinuousClock.now).components
        return Int32(max(left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000, 0)) + 1
    }

    /// Whether the file is there with something in it: an editor that empties a file before it
    /// writes it again closes it in between.
    private static func hasContent(_ file: URL) -> Bool {
        var status = stat()
        return stat(file.path, &status) == 0 && status.st_size > 0
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
        sawSaveUnderWay = false
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
                if mask & UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF) != 0 { sawSaveUnderWay = true }
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
