import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe the handler of SIGTERM and SIGHUP writes to (-1 until `install`).
private let endingSignalPipe = Atomic<Int32>(-1)

/// SIGTERM and SIGHUP (`kill`, `timeout`, a closed terminal) still end the REPL, but first stop
/// what it started. Every program runs in a process group of its own (docs/ARCHITECTURE.md,
/// "Processes"), which a signal sent to the REPL never reaches: without this, a compile or a
/// SwiftPM build went on alone for as long as it took, minutes for some inputs.
///
/// The handler only writes the signal's number to a pipe, all a handler may safely do; a thread
/// waiting on the pipe does the rest. It is a handler rather than SIG_IGN and a dispatch source
/// because a program inherits an ignored signal, and SwiftPM would ignore the SIGTERM that ends it.
public enum EndingSignals {
    /// How long SwiftPM gets to stop its compilers before its group is killed, as on Ctrl-C
    /// (`PackageCommandRun`).
    static let grace: Duration = .seconds(2)

    /// Leaders of the groups that stop on SIGINT (SwiftPM: it stops the compilers it started, each
    /// in a group of its own, as on Ctrl-C; SIGTERM would end it at once and leave them running).
    /// Every other group gets SIGTERM.
    private static let interruptible = Mutex<Set<pid_t>>([])

    /// The terminal's settings when the REPL started, put back before it ends (libedit leaves the
    /// terminal in its own mode while it reads a line); nil when standard input is no terminal.
    nonisolated(unsafe) private static var startingTerminal: termios?

    /// What exit's `atexit` handlers would have removed, which the signal's default action does not run.
    private static let cleanUps = Mutex<[@Sendable () -> Void]>([])

    /// Runs `clean` before a signal ends the REPL (as an `atexit` handler runs it at exit).
    package static func alsoOnEnding(_ clean: @escaping @Sendable () -> Void) {
        cleanUps.withLock { $0.append(clean) }
    }

    /// Installs the handler once; later calls do nothing.
    public static func install() {
        var ends: [Int32] = [-1, -1]
        guard endingSignalPipe.load(ordering: .acquiring) < 0, pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var settings = termios()
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 { startingTerminal = settings }
        endingSignalPipe.store(ends[1], ordering: .releasing)
        let reading = ends[0]
        Thread.detachNewThread {
            var signal: UInt8 = 0
            while read(reading, &signal, 1) != 1 {}
            end(with: Int32(signal))
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(endingSignalPipe.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in [SIGTERM, SIGHUP] { sigaction(signal, &action, nil) }
    }

    /// Until `forget(leader)`, `leader`'s group is stopped with SIGINT, not SIGTERM, if the REPL is ended.
    package static func stopOnInterrupt(_ leader: pid_t) { interruptible.withLock { _ = $0.insert(leader) } }

    package static func forget(_ leader: pid_t) { interruptible.withLock { _ = $0.remove(leader) } }

    /// Stops every child's group, runs the clean-ups (the session directories' removal), removes the
    /// process's scratch folder, puts the terminal back and ends
    /// the process with `signal`'s default action, so that whoever sent it sees the REPL ended by it.
    private static func end(with signal: Int32) -> Never {
        let ownGroup = getpgrp()
        let stopsOnInterrupt = interruptible.withLock { $0 }
        var groups: [pid_t] = []
        var waitedFor: [pid_t] = []
        for child in childProcesses() {
            let group = getpgid(child)
            guard group == child, group != ownGroup else {
                kill(child, SIGTERM)
                continue
            }
            groups.append(group)
            if stopsOnInterrupt.contains(group) {
                waitedFor.append(group)
                kill(-group, SIGINT)
            } else {
                kill(-group, SIGTERM)
            }
        }
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline, waitedFor.contains(where: isRunning) { usleep(10_000) }
        for group in groups { kill(-group, SIGKILL) }
        // A killed compiler can still be writing its outputs for a moment, which would make the
        // folders again after they are removed: wait (briefly) until each group is gone.
        let killed = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < killed, groups.contains(where: { waitpid($0, nil, WNOHANG) == 0 || kill(-$0, 0) == 0 }) {
            usleep(5_000)
        }
        // What exit would have removed: the signal's default action runs no `atexit` handler.
        for clean in cleanUps.withLock({ $0 }) { clean() }
        ProcessScratchFolder.remove()
        // Other threads run on until the signal ends the process, and one can still make a folder
        // again (a compile that failed as its compiler was killed): removed once more after the end.
        ProcessScratchFolder.removeAfterThisProcessEnds()
        if var settings = startingTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
        Glibc.signal(signal, SIG_DFL)
        kill(getpid(), signal)
        // The signal is delivered to some thread; until then this one has nothing left to do.
        while true { pause() }
    }

    /// This process's children, from every thread's list (a child belongs to the thread that started it).
    private static func childProcesses() -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            let list = (try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? ""
            return list.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Whether `pid` is still running: neither gone nor ended and waiting to be reaped.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}
