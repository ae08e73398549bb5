import Foundation
import SystemPackage
import WorkbenchKit

/// Between inputs, what the host prints (work an input left running: a `Task`, the main queue, a
/// completion handler) is passed on as it comes, on a thread of its own, with module names mapped
/// as during an input. Stopped before the next input's call reads the same pipes, so output keeps
/// its order. If the host ends meanwhile (a trap in that work), `ended` gets the runtime's first line
/// and the input module the trap was in (nil when it ended without them: its `HostProcess` was let
/// go, which closes its input).
///
/// It reads its own duplicates of the pipes: a host let go without `stop()` closes the originals,
/// whose numbers the process then gives to other files, which this thread must never read.
final class HostOutputPump: @unchecked Sendable {
    private let output: Int32
    private let errors: Int32
    private let module: String?
    private let sink: @Sendable ([UInt8]) -> Void
    private let ended: @Sendable (_ trap: String?, _ module: String?) -> Void
    private var stopSignal: [Int32] = [-1, -1]
    private let finished = DispatchSemaphore(value: 0)

    init(output: Int32, errors: Int32, module: String?, sink: @escaping @Sendable ([UInt8]) -> Void,
         ended: @escaping @Sendable (_ trap: String?, _ module: String?) -> Void) {
        self.output = dup(output)
        self.errors = dup(errors)
        self.module = module
        self.sink = sink
        self.ended = ended
    }

    /// Starts passing output on; false when the thread's pipe could not be made.
    func start() -> Bool {
        guard output >= 0, errors >= 0, pipe(&stopSignal) == 0 else {
            for descriptor in [output, errors] where descriptor >= 0 { close(descriptor) }
            return false
        }
        Thread.detachNewThread { [self] in
            pump()
            close(output)
            close(errors)
            finished.signal()
        }
        return true
    }

    /// Stops and waits for the thread, so that what it read has been passed on.
    func stop() {
        guard stopSignal[1] >= 0 else { return }
        _ = try? FileDescriptor(rawValue: stopSignal[1]).writeAll([1])
        finished.wait()
        close(stopSignal[0])
        close(stopSignal[1])
        stopSignal = [-1, -1]
    }

    private func pump() {
        var filter = ModuleNameFilter(module: module)
        // Output between inputs goes to the terminal only: a picture's marks are dropped, the picture kept.
        var transient = TransientOutput.Splitter()
        func unmarked(_ bytes: [UInt8]) -> [UInt8] { transient.feed(bytes).flatMap(\.bytes) }
        var errorText: [UInt8] = []
        while true {
            var descriptors = [output, errors, stopSignal[0]].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, 3, -1) >= 0 || errno == EINTR else { return }
            if descriptors[2].revents != 0 { break }
            let printed = HostProcess.readAvailable(output)
            if let printed, !printed.isEmpty { sink(unmarked(filter.feed(printed))) }
            if let written = HostProcess.readAvailable(errors), !written.isEmpty {
                errorText += written.prefix(1 << 16)
                // Passed on at once, unless it is a trap's report: the host is about to end, and
                // only the runtime's first line of it is shown.
                if FailureLine.trapMessage(String(decoding: errorText, as: UTF8.self)) == nil {
                    sink(errorText)
                    errorText = []
                }
            }
            if printed == nil {
                // The host is gone: a trap or a crash in work that ran between inputs.
                sink(unmarked(filter.flush()) + transient.flush().flatMap(\.bytes))
                let text = String(decoding: errorText, as: UTF8.self)
                ended(FailureLine.trapMessage(text), HostTrapSite.module(in: text))
                return
            }
        }
        sink(unmarked(filter.flush()) + transient.flush().flatMap(\.bytes) + errorText)
    }
}
