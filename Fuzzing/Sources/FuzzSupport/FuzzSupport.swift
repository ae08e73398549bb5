import Foundation
import Synchronization
import WorkbenchKit

/// One input as libFuzzer hands it over.
public typealias FuzzInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer), for a program with its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: FuzzInput) -> CInt

/// What every target needs around its one input: the network cut off, no toolchain, no terminal,
/// and a way to run the REPL's main-actor async code from libFuzzer's synchronous callback.
public enum FuzzSupport {
    /// A target's `main` (SwiftPM names it `<module>_main` and makes it the program's entry):
    /// prepares the process, then runs libFuzzer with the command line on a thread of its own, calling
    /// `test` per input, while the main thread serves the main actor (the REPL's code runs there).
    @MainActor
    public static func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                            _ test: FuzzInput) -> CInt {
        prepareProcess()
        let arguments = UncheckedPointer(argv)
        let driver = Thread {
            startWatchdog(for: pthread_self())
            var count = argc
            var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = arguments.pointer
            target = test
            exit(LLVMFuzzerRunDriver(&count, &vector, counted))
        }
        driver.stackSize = 64 << 20  // deep inputs recurse (nested JSON, nested brackets)
        driver.start()
        dispatchMain()
    }

    /// libFuzzer's `-timeout` never fired here (an input ran for minutes): its timer's SIGALRM goes
    /// to the process, and the kernel hands it to the main thread, which waits in dispatch's
    /// `sigsuspend` with a mask that lets SIGALRM through (blocking it beforehand did not help).
    /// libFuzzer's handler acts only on the thread that fuzzes and returns anywhere else (seen with
    /// gdb: every alarm reached `StaticAlarmCallback` on the main thread). So a thread of ours sends
    /// the alarm to the fuzzing thread itself every second: libFuzzer's handler then measures the
    /// input's time and, past `-timeout`, writes it as `timeout-…` with the other findings and exits.
    /// Every 30 seconds it also prints how many inputs ran (libFuzzer prints only on new coverage
    /// and at powers of two), for run-fuzzers.py's progress lines.
    /// libFuzzer times an input by the wall clock, and the targets run at idle priority: behind other
    /// processes' builds an input waited more than 10 s for the CPU and was written as a timeout (one
    /// taking 0.06 s alone). So the alarm is sent only once the process has spent `-timeout` seconds of
    /// CPU on the current input; an input that waits without running is left to run-fuzzers.py's check
    /// for a count that stands still.
    static func startWatchdog(for fuzzing: pthread_t) {
        let target = UncheckedThread(fuzzing)
        let timeout = CommandLine.arguments.last(where: { $0.hasPrefix("-timeout=") })
            .flatMap { Double($0.dropFirst("-timeout=".count)) } ?? 1200  // libFuzzer's default
        let watchdog = Thread {
            var alarm = sigset_t()
            sigemptyset(&alarm)
            sigaddset(&alarm, SIGALRM)
            pthread_sigmask(SIG_BLOCK, &alarm, nil)
            let started = ContinuousClock.now
            var seconds = 0
            var (input, inputStarted) = (executions.load(ordering: .relaxed), processCPUSeconds())
            while true {
                sleep(1)
                seconds += 1
                let count = executions.load(ordering: .relaxed)
                if count != input { (input, inputStarted) = (count, processCPUSeconds()) }
                if seconds % 30 == 0 {
                    let done = executions.load(ordering: .relaxed)
                    let elapsed = Double((ContinuousClock.now - started).components.seconds)
                    fputs("#\(done)\tprogress exec/s: \(Int(Double(done) / max(elapsed, 1)))\n", stderr)
                }
                // Only while libFuzzer handles the alarm: unhandled, SIGALRM would end the process.
                var current = sigaction()
                sigaction(SIGALRM, nil, &current)
                let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                if handler != 0 && handler != 1 && processCPUSeconds() - inputStarted >= timeout {  // SIG_DFL, SIG_IGN
                    pthread_kill(target.thread, SIGALRM)
                }
            }
        }
        watchdog.start()
    }

    /// CPU time of the whole process (a target's work runs on the main thread, not libFuzzer's).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @MainActor
    static func prepareProcess() {
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
        _ = FileManager.default.changeCurrentDirectoryPath(scratch.path)
        // A command that asks a question reads end of input.
        _ = freopen("/dev/null", "r", stdin)
    }

    /// The input as text, as a terminal would hand over undecodable bytes (replacement characters).
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        String(decoding: bytes(data, size), as: UTF8.self)
    }

    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    /// Runs `body` on the main actor to its end, from libFuzzer's thread.
    public static func runToEnd(_ body: @escaping @MainActor () async -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Task { @MainActor in
            await body()
            finished.signal()
        }
        finished.wait()
    }
}

/// The target's input function, and how many inputs it was given (`counted` calls it).
nonisolated(unsafe) private var target: FuzzInput?
private let executions = Atomic<Int>(0)

private let counted: FuzzInput = { data, size in
    executions.add(1, ordering: .relaxed)
    return target!(data, size)
}

/// Stands for the network: every send fails at once with one error, so no input reaches anything.
@MainActor
final class NetworkOff: ExchangeRelay {
    var isReplaying: Bool { true }
    func nextRecorded(for url: URL) throws(WorkbenchError) -> Exchange { throw .noResponse }
    func finished(_ outcome: Result<Exchange, WorkbenchError>) {}
}

/// The fuzzing thread, handed to the watchdog's.
struct UncheckedThread: @unchecked Sendable {
    let thread: pthread_t
    init(_ thread: pthread_t) { self.thread = thread }
}

/// argv, handed to the driver's thread.
struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    init(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) { self.pointer = pointer }
}
