import Foundation

/// The process's standard output, made a pipe whose every chunk goes out on iopub as a `stream`
/// message of the cell running (or the last one: output of work a cell left running belongs to it,
/// as it does in other kernels). Everything printed reaches it in order: the console, `print`
/// through stdio, the Swift host's output the session passes on, programs the session starts.
final class OutputRelay: @unchecked Sendable {
    private let iopub: IOPub
    private let readEnd: Int32
    private let lock = NSLock()
    private var parentMessage: WireMessage?
    /// Output kept back rather than published (`startHolding`), or nil when output goes out.
    private var held: [UInt8]?
    private let synced = DispatchSemaphore(value: 0)
    private let syncLock = NSLock()
    /// Written after a cell's output so the relay can say all before it has gone out.
    private static let marker = Array("\u{0}workbench-kernel-sync\u{0}".utf8)

    /// Points standard output at the relay's pipe; nil when no pipe could be made.
    init?(iopub: IOPub) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, dup2(ends[1], STDOUT_FILENO) >= 0 else { return nil }
        close(ends[1])
        readEnd = ends[0]
        self.iopub = iopub
        let thread = Thread { [self] in relay() }
        thread.name = "kernel output"
        thread.start()
    }

    /// The request that output belongs to from now on.
    var parent: WireMessage? {
        get { lock.withLock { parentMessage } }
        set { lock.withLock { parentMessage = newValue } }
    }

    /// Keeps what is written from now on instead of publishing it, until `stopHolding`: the text of
    /// a request, which goes out with the response's JSON.
    func startHolding() {
        sync()
        lock.withLock { held = [] }
    }

    /// Publishes nothing more of what was held; what was written while holding.
    func stopHolding() -> String {
        sync()
        return lock.withLock {
            defer { held = nil }
            return held.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// Returns once everything written to standard output so far has been published (or held).
    func sync() {
        syncLock.withLock {
            fflush(nil)
            _ = Self.marker.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            synced.wait()
        }
    }

    private func relay() {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            pending.append(contentsOf: chunk[..<count])
            while let found = pending.firstRange(of: Self.marker) {
                publish(pending[..<found.lowerBound])
                pending.removeSubrange(..<found.upperBound)
                synced.signal()
            }
            let kept = Self.heldBack(pending)
            publish(pending.dropLast(kept))
            pending.removeFirst(pending.count - kept)
        }
    }

    /// How many bytes at the end may be the start of the marker or of a UTF-8 character, which
    /// wait for the next read.
    static func heldBack(_ bytes: [UInt8]) -> Int {
        for length in stride(from: min(marker.count - 1, bytes.count), to: 0, by: -1)
        where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
            return length
        }
        // A lead byte in the last three whose character needs more bytes than follow it.
        for back in 1...min(3, max(bytes.count, 1)) where back <= bytes.count {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 != 0x80 else { continue }
            let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return needed > back ? back : 0
        }
        return 0
    }

    private func publish(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        let kept = lock.withLock { () -> Bool in
            guard held != nil else { return false }
            held?.append(contentsOf: bytes)
            return true
        }
        if kept { return }
        iopub.publish("stream", content: ["name": "stdout", "text": String(decoding: bytes, as: UTF8.self)], parent: parent)
    }
}
