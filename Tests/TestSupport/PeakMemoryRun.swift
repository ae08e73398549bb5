import Foundation

/// A program fed on a pipe a few lines at a time, whose peak resident memory (`VmHWM` of
/// /proc/PID/status) is read while it still runs. Waits run on threads of their own (`onOwnThread`).
public final class PeakMemoryRun: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var received = Data()

    public static func start(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> PeakMemoryRun {
        let run = PeakMemoryRun()
        run.process.executableURL = URL(fileURLWithPath: executable)
        run.process.arguments = arguments
        run.process.environment = environment
        run.process.standardInput = run.input
        run.process.standardOutput = run.output
        run.process.standardError = run.output
        try run.process.run()
        return run
    }

    /// Writes `lines` and reads the output until it contains `marker` (or the program ends); returns
    /// all the output so far.
    public func send(_ lines: String, until marker: String) async throws -> String {
        input.fileHandleForWriting.write(Data(lines.utf8))
        return try await onOwnThread { [self] in
            let reader = output.fileHandleForReading
            let needle = Data(marker.utf8)
            // Each read is searched from where the last search could not have matched: decoding and
            // searching all the output at every read took the test process 13 s of CPU in a run.
            var searched = 0
            while received.range(of: needle, in: max(0, searched - needle.count + 1)..<received.count) == nil {
                searched = received.count
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                received += chunk
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// The program's process id (its children, such as the Swift host, are found from it).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The most memory the program has had resident so far.
    public func peakResidentBytes() throws -> Int {
        let status = try ProcFile.text("/proc/\(process.processIdentifier)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { throw NoPeak(status: status) }
        return kilobytes * 1024
    }

    /// Writes `lines`, closes the input and waits for the end; the output after what `send` returned.
    public func finish(_ lines: String) async throws -> (status: Int32, output: String) {
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let before = received.count
        return try await onOwnThread { [self] in
            received += output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: received.dropFirst(before), as: UTF8.self))
        }
    }

    struct NoPeak: Error, CustomStringConvertible {
        let status: String
        var description: String { "no VmHWM line in /proc/PID/status:\n\(status)" }
    }
}
