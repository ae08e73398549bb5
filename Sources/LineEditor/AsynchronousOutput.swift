import CLibEdit
import Foundation
import Synchronization

/// Output from other threads, such as a Swift task that prints seconds after its input finished.
///
/// While the user types at the prompt, it is queued and the reading thread prints it above the
/// prompt, then draws the prompt and the line being typed again below it. Otherwise it goes
/// straight to standard output, in order.
public final class AsynchronousOutput: Sendable {
    private struct State {
        var isReading = false
        var queued: [UInt8] = []
    }

    private let state = Mutex(State())
    /// Readable while output is queued: the reading thread `poll`s it with the terminal. -1 on a pipe.
    let wakeDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    init(wakesReader: Bool) {
        var ends: [Int32] = [-1, -1]
        if wakesReader, pipe(&ends) == 0 {
            // Never blocks a writer or the reader's drain; not inherited by the programs the REPL runs.
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        wakeDescriptor = ends[0]
        wakeWriteDescriptor = ends[1]
    }

    deinit {
        if wakeDescriptor >= 0 {
            close(wakeDescriptor)
            close(wakeWriteDescriptor)
        }
    }

    /// Prints `bytes` now, or above the prompt if a line is being typed. Any thread.
    public func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        state.withLock { state in
            guard state.isReading else { return Self.writeToStandardOutput(bytes) }
            if state.queued.isEmpty { wake() }
            state.queued += bytes
        }
    }

    /// Prints `text` (UTF-8) now, or above the prompt if a line is being typed. Any thread.
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// From now until `stopReading`, output waits for the reading thread (`takeQueued`).
    func startReading() {
        guard wakeDescriptor >= 0 else { return }
        state.withLock { $0.isReading = true }
    }

    /// Prints what is still queued (below the line just read), and output goes straight out again.
    func stopReading() {
        state.withLock { state in
            state.isReading = false
            drainWakeUps()
            Self.writeToStandardOutput(state.queued)
            state.queued = []
        }
    }

    /// The output queued so far, taken out of the queue.
    func takeQueued() -> [UInt8] {
        state.withLock { state in
            // Under the lock, so that a write cannot queue between the two and go unannounced.
            drainWakeUps()
            var taken: [UInt8] = []
            swap(&taken, &state.queued)
            return taken
        }
    }

    /// Through C's `stdout`, as libedit and `print` write, so that bytes they buffered come first.
    static func writeToStandardOutput(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let standardOutput = wb_stdout()
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, standardOutput) }
        fflush(standardOutput)
    }

    private func wake() {
        var byte: UInt8 = 0
        // A full pipe (EAGAIN) is readable already.
        _ = Glibc.write(wakeWriteDescriptor, &byte, 1)
    }

    private func drainWakeUps() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(wakeDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
