import Foundation
import WorkbenchKit

/// Work an input leaves running (a `Task`, a completion handler, a `Timer`) goes on in the host
/// between inputs (docs/ARCHITECTURE.md, "The Swift host"): what it prints is passed on as it
/// comes, and when it traps, which ends the host as it ends a compiled program, the next input
/// first rebuilds the session without the input that ran last before it (the likeliest to have
/// started it; otherwise the rebuild would start the same work and end the same way).
extension SwiftHost {
    /// Output the session's work prints until the next input, passed on as it comes.
    func startPump(_ process: ChildProcess) {
        let sink = asynchronousOutput ?? Self.writeToStandardOutput
        let ended = endedBetweenInputs
        let pump = HostOutputPump(output: process.output, errors: process.errors, module: configuration.moduleName, sink: sink) { trap in
            ended.set(true)
            // Without the runtime's line the host was let go, or killed from outside: no trap to tell.
            guard let trap else { return }
            let reason = trap.replacingOccurrences(of: "error: ", with: "", options: .anchored)
            sink(Array("error: work left running in the Swift session ended it: \(reason); the next input rebuilds the session\n".utf8))
        }
        if pump.start() { self.pump = pump }
    }

    /// Before a call: when work left running ended the host, the session is rebuilt without the
    /// input that ran last (its bindings are gone with it), quietly, and one line says so.
    func recoverFromWorkLeftRunning() async {
        guard endedBetweenInputs.take() else { return }
        pump?.stop()
        pump = nil
        if let process {
            process.killGroup()
            _ = process.exitStatus(wait: true)
        }
        process = nil
        if let index = libraries.lastIndex(where: \.liveSucceeded) {
            libraries[index].liveSucceeded = false
            let input = libraries[index].library.program.units.last?.firstLine ?? "?"
            console.line(console.styled("left out of the rebuilt session: `\(input)`, the last input before it ended", .dim))
        }
        await recover(after: HostRun(ending: .died(nil)))
    }

    private static let writeToStandardOutput: @Sendable ([UInt8]) -> Void = { bytes in
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }
}

/// A flag the pump's thread sets and the host's actor takes.
final class EndedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set(_ ended: Bool) { lock.withLock { value = ended } }

    /// Whether it was set, clearing it.
    func take() -> Bool {
        lock.withLock {
            defer { value = false }
            return value
        }
    }
}
