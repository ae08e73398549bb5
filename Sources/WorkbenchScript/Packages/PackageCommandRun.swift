import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program a package build needs (`swift package`, `swift build`, `git ls-remote`):
/// every line it writes goes to the build's log and, as it comes, to `line` (the progress line);
/// Ctrl-C stops it. It runs at a lower priority (nice 10): a build takes every core, and the session,
/// its Swift host and whatever else the machine runs stay responsive beside it; alone on the
/// machine it is as fast. Run as root, SwiftPM's compilers did not keep that priority (measured
/// here), so `WORKBENCH_PACKAGE_SCHEDULE=idle` runs it under SCHED_IDLE instead, which they keep:
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
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        } catch {
            log?.write(Data("\(error)\n".utf8))
            return PackageCommandRun(ending: .exited(127), output: "error: \(error)")
        }
        if idle {
            var parameters = sched_param(sched_priority: 0)
            // SCHED_IDLE, which Swift's Glibc module does not export (it needs _GNU_SOURCE).
            let schedIdle: Int32 = 5
            _ = sched_setscheduler(process.pid, schedIdle, &parameters)
        } else {
            // The group is the process's own (ChildProcess), so what it starts is lowered too.
            _ = setpriority(__priority_which_t(PRIO_PGRP.rawValue), id_t(process.pid), 10)
        }
        var output: [UInt8] = []
        var pending: [UInt8] = []
        let finished = await process.readUntilClosed(stop: interrupted) { bytes, _ in
            output += bytes
            log?.write(Data(bytes))
            pending += bytes
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                pending.removeSubrange(...newline)
                if !text.isEmpty { line(text) }
            }
        }
        guard finished else {
            await stop(process)
            log?.write(Data("(interrupted)\n".utf8))
            return PackageCommandRun(ending: .interrupted, output: String(decoding: output, as: UTF8.self))
        }
        let status = process.exitStatus(wait: true) ?? -1
        // A status from waitpid: the exit code when the program exited, else the signal's number.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return PackageCommandRun(ending: .exited(code), output: String(decoding: output, as: UTF8.self))
    }

    /// Ctrl-C for SwiftPM: SIGINT first, on which it stops the compilers it started (each in a
    /// group of its own, which killing its group would leave running), then SIGKILL for what is
    /// left after two seconds.
    @MainActor
    private static func stop(_ process: ChildProcess) async {
        kill(-process.pid, SIGINT)
        for _ in 0..<100 {
            if process.exitStatus(wait: false) != nil { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.killGroup()
        _ = process.exitStatus(wait: true)
    }
}
