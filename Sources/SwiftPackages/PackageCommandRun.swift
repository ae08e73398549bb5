import Foundation
import Subprocess
import Synchronization
import ToolProcesses

/// One run of a program a package build needs (`swift package`, `swift build`, `git ls-remote`):
/// every line it writes goes to the build's log and, as it comes, to `line` (the progress line);
/// Ctrl-C stops it. It runs at a lower priority (nice 10): a build takes every core, and the session,
/// its Swift host and whatever else the machine runs stay responsive beside it; alone on the
/// machine it is as fast. Run as root, SwiftPM's compilers did not keep that priority, so
/// `WORKBENCH_PACKAGE_SCHEDULE=idle` runs it under SCHED_IDLE instead, which they keep:
/// only on CPU time nothing else wants (a CI machine running tests beside it, where requests of
/// other programs timed out while it built at the same priority).
struct PackageCommandRun {
    enum Ending: Equatable {
        case exited(Int32)
        case interrupted
    }

    let ending: Ending
    /// What it wrote, standard output and error interleaved as read.
    let output: String

    var succeeded: Bool { ending == .exited(0) }

    /// SwiftPM's first `error:` line without the word (a compile error keeps its `FILE:L:C:`); the
    /// first line written when there is none.
    var firstError: String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if let line = lines.first(where: { $0.contains("error: ") }) {
            let message = line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
            return message.replacingOccurrences(of: "\u{1B}[0m", with: "")
        }
        return lines.first { !$0.isEmpty } ?? "no output"
    }

    @MainActor
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], log: FileHandle?,
                    line: (String) -> Void, interrupted: () -> Bool) async -> PackageCommandRun {
        let idle = environment["WORKBENCH_PACKAGE_SCHEDULE"] == "idle"
        log?.write(Data("$ \(([executable] + arguments).joined(separator: " "))\n".utf8))
        var output: [UInt8] = []
        var pending: [UInt8] = []
        func received(_ bytes: [UInt8]) {
            output += bytes
            log?.write(Data(bytes))
            pending += bytes
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                pending.removeSubrange(...newline)
                if !text.isEmpty { line(text) }
            }
        }
        let (program, words) = lowered(executable, arguments, idle: idle)
        let configuration = ToolRun.configuration(program, words, environment: environment, teardown: stopping)
        let result: ExecutionResult<Bool, SequenceOutput, CombinedErrorOutput>
        do {
            result = try await Subprocess.run(configuration, input: .none, output: .sequence, error: .combinedWithOutput) { execution in
                let leader = execution.processIdentifier.value
                EndingSignals.stopOnInterrupt(leader)
                defer { EndingSignals.forget(leader) }
                return await relay(execution, to: received, interrupted: interrupted)
            }
        } catch {
            let failure = SpawnError(executable: executable, error)
            log?.write(Data("\(failure)\n".utf8))
            return PackageCommandRun(ending: .exited(127), output: "error: \(failure)")
        }
        guard result.closureResult else {
            log?.write(Data("(interrupted)\n".utf8))
            return PackageCommandRun(ending: .interrupted, output: String(decoding: output, as: UTF8.self))
        }
        return PackageCommandRun(ending: .exited(ToolRun.status(result.terminationStatus)), output: String(decoding: output, as: UTF8.self))
    }

    /// Ctrl-C for SwiftPM: SIGINT to the group first, on which it stops the compilers it started
    /// (each in a group of its own, which killing its group would leave running), then SIGKILL to
    /// the group for what is left after two seconds.
    private static let stopping: [TeardownStep] = [.send(signal: .interrupt, toProcessGroup: true, allowedDurationToNextStep: .seconds(2))]

    /// The program started through `chrt --idle 0` or `nice -n 10` (util-linux and coreutils, both
    /// essential in Debian), which lower it before it runs and exec it (same process, same group).
    /// swift-subprocess has no hook before the exec on Linux, and lowering it from the run's body
    /// waits for the caller's actor: a busy main actor left SwiftPM at full priority for its run.
    private static func lowered(_ executable: String, _ arguments: [String], idle: Bool) -> (String, [String]) {
        idle ? ("/usr/bin/chrt", ["--idle", "0", executable] + arguments) : ("/usr/bin/nice", ["-n", "10", executable] + arguments)
    }

    /// Passes what the program writes to `received` as it comes, on the caller's actor, until it
    /// ends; false when `interrupted` said to stop it first (then it has been stopped). A task of
    /// the group reads; this loop hands over and polls `interrupted`, so the REPL's main actor
    /// stays free and Ctrl-C is seen within a few milliseconds.
    private nonisolated(nonsending) static func relay(_ execution: Execution<NoInput, SequenceOutput, CombinedErrorOutput>,
                              to received: ([UInt8]) -> Void, interrupted: () -> Bool) async -> Bool {
        let chunks = Chunks()
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await buffer in execution.standardOutput {
                        chunks.append(buffer.withUnsafeBytes { Array($0) })
                    }
                } catch {}
                chunks.finish()
            }
            var stopped = false
            while true {
                let (bytes, finished) = chunks.take()
                if !bytes.isEmpty { received(bytes) }
                if finished { return !stopped }
                if !stopped, interrupted() {
                    stopped = true
                    // Returns once it has ended; the reader then sees the end of its output.
                    await execution.teardown(using: stopping)
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// What the reading task has read and the relay not yet passed on.
private final class Chunks: Sendable {
    private let state = Mutex<(bytes: [UInt8], finished: Bool)>(([], false))

    func append(_ bytes: [UInt8]) { state.withLock { $0.bytes += bytes } }
    func finish() { state.withLock { $0.finished = true } }

    /// What was read since the last call, and whether reading has ended (nothing more will come).
    func take() -> (bytes: [UInt8], finished: Bool) {
        state.withLock { state in
            defer { state.bytes = [] }
            return state
        }
    }
}
