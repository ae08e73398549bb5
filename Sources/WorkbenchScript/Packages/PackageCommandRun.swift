import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program a package build needs (`swift package`, `swift build`, `git ls-remote`):
/// every line it writes goes to the build's log and, as it comes, to `line` (the progress line);
/// Ctrl-C kills its process group.
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
        log?.write(Data("$ \(([executable] + arguments).joined(separator: " "))\n".utf8))
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        } catch {
            log?.write(Data("\(error)\n".utf8))
            return PackageCommandRun(ending: .exited(127), output: "error: \(error)")
        }
        var output: [UInt8] = []
        var pending: [UInt8] = []
        var open: Set<Int32> = [process.output, process.errors]
        while !open.isEmpty {
            if interrupted() {
                process.killGroup()
                _ = process.exitStatus(wait: true)
                log?.write(Data("(interrupted)\n".utf8))
                return PackageCommandRun(ending: .interrupted, output: String(decoding: output, as: UTF8.self))
            }
            if !SwiftHost.readable(Array(open)) { try? await Task.sleep(for: .milliseconds(20)) }
            for descriptor in open {
                guard let bytes = ChildProcess.readAvailable(descriptor) else {
                    open.remove(descriptor)
                    continue
                }
                output += bytes
                log?.write(Data(bytes))
                pending += bytes
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let text = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    pending.removeSubrange(...newline)
                    if !text.isEmpty { line(text) }
                }
            }
        }
        let status = process.exitStatus(wait: true) ?? -1
        // A status from waitpid: the exit code when the program exited, else the signal's number.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return PackageCommandRun(ending: .exited(code), output: String(decoding: output, as: UTF8.self))
    }
}
