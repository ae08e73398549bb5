import Foundation

/// The process's standard output, made a pipe whose chunks go out on iopub as `stream` messages
/// of the cell running (or the last one: output of work a cell left running belongs to it, as it
/// does in other kernels). Everything printed reaches it in order: the console, `print` through
/// stdio, the Swift host's output the session passes on, programs the session starts.
final class OutputRelay: @unchecked Sendable {
    private let iopub: IOPub
    private let readEnd: Int32
    private let lock = NSLock()
    private var parentMessage: WireMessage?
    /// Output kept back rather than published (`startHolding`), or nil when output goes out.
    private var held: [UInt8]?
    /// When the hold's first bytes came: a slow response is still one burst of text once it
    /// arrives, so only output spread out after that (a stream of events) gives the hold up.
    private var firstHeldAt: DispatchTime?
    /// Whether a hold ran out (`holdLimit`) and what it held went out as text.
    private var holdReleased = false
    /// The marker numbers the relay has read (each `sync` writes the next); `seen` waits on it.
    private let seen = NSCondition()
    private var lastSeen = 0
    private var lastWritten = 0
    private let syncLock = NSLock()
    /// Written after a cell's output so the relay can say all before it has gone out: a token of
    /// this process's (no output can hold it by chance), then the sync's number and a NUL.
    private let markerPrefix = Array("\u{0}workbench-sync-\(UUID().uuidString)-".utf8)
    /// A hold is given up past these (output spread over this long after its first bytes, as a
    /// stream of events is, or a long body): its text goes out as it comes.
    static let holdLimit = (seconds: 0.3, bytes: 1 << 20)

    /// Points standard output at the relay's pipe; nil when no pipe could be made.
    init?(iopub: IOPub) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, dup2(ends[1], STDOUT_FILENO) >= 0 else { return nil }
        close(ends[1])
        // Programs the session starts inherit standard output, not the relay's end of it.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        readEnd = ends[0]
        self.iopub = iopub
        let thread = Thread { [self] in
            relay()
            // Nothing printed could reach a notebook any more: end rather than look alive.
            Kernel.log("the output relay stopped (\(String(cString: strerror(errno)))); ending the kernel")
            kill(getpid(), SIGTERM)
        }
        thread.name = "kernel output"
        thread.start()
    }

    /// The request that output belongs to from now on.
    var parent: WireMessage? {
        get { lock.withLock { parentMessage } }
        set { lock.withLock { parentMessage = newValue } }
    }

    /// Keeps what is written from now on instead of publishing it, until `stopHolding`: the text of
    /// a request or a decode, which goes out with its other form. Past `holdLimit` the relay gives
    /// the hold up and publishes as it reads.
    func startHolding() {
        sync()
        lock.withLock {
            held = []
            firstHeldAt = nil
            holdReleased = false
        }
    }

    /// Ends a hold: what it held, and whether it was given up (its text published already).
    func stopHolding() -> (text: String, released: Bool) {
        sync()
        return lock.withLock {
            defer { held = nil }
            return (held.map { String(decoding: $0, as: UTF8.self) } ?? "", holdReleased)
        }
    }

    /// Returns once everything written to standard output so far has been published (or held);
    /// after five seconds without the relay reading its marker, says so and goes on.
    func sync() {
        syncLock.withLock {
            fflush(nil)
            lastWritten += 1
            let marker = markerPrefix + Array("\(lastWritten)\u{0}".utf8)
            guard Self.writeAll(marker) else {
                Kernel.log("cannot write to the output pipe (\(String(cString: strerror(errno))))")
                return
            }
            seen.lock()
            defer { seen.unlock() }
            let deadline = Date(timeIntervalSinceNow: 5)
            while lastSeen < lastWritten {
                if !seen.wait(until: deadline) {
                    Kernel.log("output did not come through the relay within 5 s; going on")
                    return
                }
            }
        }
    }

    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if errno == EINTR || errno == EAGAIN {
                var wait = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wait, 1, 100)
            } else {
                return false
            }
        }
        return true
    }

    private func relay() {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // What is there now is read before publishing: a loop of prints is a few large
            // messages, not thousands of small ones a frontend falls behind on.
            var readable = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            repeat {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                pending.append(contentsOf: chunk[..<count])
            } while pending.count < 1 << 20 && poll(&readable, 1, 0) > 0
            while let found = pending.firstRange(of: markerPrefix) {
                guard let end = pending[found.upperBound...].firstIndex(of: 0) else { break }
                publish(pending[..<found.lowerBound])
                let number = Int(String(decoding: pending[found.upperBound..<end], as: UTF8.self)) ?? 0
                pending.removeSubrange(..<(end + 1))
                seen.lock()
                lastSeen = max(lastSeen, number)
                seen.broadcast()
                seen.unlock()
            }
            let kept = Self.heldBack(pending, markerPrefix: markerPrefix)
            publish(pending.dropLast(kept))
            pending.removeFirst(pending.count - kept)
        }
    }

    /// How many bytes at the end wait for the next read: a marker begun (its prefix, or all of it
    /// but its closing NUL) or a UTF-8 character begun.
    static func heldBack(_ bytes: [UInt8], markerPrefix: [UInt8]) -> Int {
        if let start = bytes.lastIndex(of: 0), bytes[start...].starts(with: markerPrefix.prefix(bytes.count - start)) {
            return bytes.count - start
        }
        // A lead byte in the last three whose character needs more bytes than follow it.
        for back in 1...3 where back <= bytes.count {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 != 0x80 else { continue }
            let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return needed > back ? back : 0
        }
        return 0
    }

    private func publish(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        let released = lock.withLock { () -> [UInt8]? in
            guard var kept = held, !holdReleased else { return [] }
            kept.append(contentsOf: bytes)
            let now = DispatchTime.now()
            let since = firstHeldAt ?? now
            firstHeldAt = since
            let spread = Double(now.uptimeNanoseconds - since.uptimeNanoseconds) / 1e9
            guard spread > Self.holdLimit.seconds || kept.count > Self.holdLimit.bytes else {
                held = kept
                return nil
            }
            held = []
            holdReleased = true
            return kept
        }
        guard let released else { return }
        let text = released.isEmpty ? Array(bytes) : released
        iopub.publish("stream", content: ["name": "stdout", "text": String(decoding: text, as: UTF8.self)], parent: parent)
    }
}
