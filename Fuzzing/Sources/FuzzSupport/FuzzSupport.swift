import Foundation
import WorkbenchKit

/// What every target needs around its one input: the network cut off, no toolchain, no terminal,
/// and a way to run the REPL's main-actor async code from libFuzzer's synchronous callback.
public enum FuzzSupport {
    /// Called once before the first input (each target's LLVMFuzzerInitialize).
    @MainActor
    public static func prepareProcess() {
        // Sends are answered by the relay, never the network (no sandbox runs either).
        Workbench.exchangeRelay = NetworkOff()
        // Swift the fast path does not cover would start the toolchain: report "no toolchain" instead.
        setenv("WORKBENCH_SWIFT", "/nonexistent/swift", 1)
        setenv("NO_COLOR", "1", 1)
        // Anything a command writes (history, snippets) goes into a scratch folder, never a real home.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        setenv("HOME", scratch.path, 1)
        setenv("XDG_STATE_HOME", scratch.path, 1)
        FileManager.default.changeCurrentDirectoryPath(scratch.path)
        // A command that asks a question reads end of input.
        _ = freopen("/dev/null", "r", stdin)
    }

    /// The input as text, as a terminal would hand over undecodable bytes (replacement characters).
    public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// Runs `body` on the main actor to its end, serving the main queue meanwhile. libFuzzer calls
    /// its callback on the main thread, so tasks on the main actor can only run while this spins.
    @MainActor
    public static func runToEnd(_ body: @escaping @MainActor () async -> Void) {
        var finished = false
        Task { @MainActor in
            await body()
            finished = true
        }
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
    }
}

/// Stands for the network: every send fails at once with one error, so no input reaches anything.
@MainActor
final class NetworkOff: ExchangeRelay {
    var isReplaying: Bool { true }
    func nextRecorded(for url: URL) throws(WorkbenchError) -> Exchange { throw .noResponse }
    func finished(_ outcome: Result<Exchange, WorkbenchError>) {}
}
