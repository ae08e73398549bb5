import Foundation

/// Between inputs the host's main thread keeps the session running, as a playground page with
/// `needsIndefiniteExecution` does: a `Task { }` of top-level code, `DispatchQueue.main.async`,
/// a `Timer` and a completion handler sent to the main queue all run while the REPL waits for the
/// next input, and what they print streams to the REPL, which shows it above the prompt.
/// The host (Sources/WorkbenchHost/main.c) calls this before it reads each command, once an
/// input has loaded WorkbenchKit; it returns when the REPL's next command can be read.
@_cdecl("workbench_host_idle")
public func workbenchHostIdle() {
    MainActor.assumeIsolated { HostRuntime.runUntilNextCommand() }
}

/// Called by the host (Sources/WorkbenchHost/main.c) when it jumped back past an input that Ctrl-C
/// stopped.
@_cdecl("workbench_host_input_abandoned")
public func workbenchHostInputAbandoned() {
    MainActor.assumeIsolated { HostRuntime.abandonHostInput() }
}

extension HostRuntime {
    /// Runs the main run loop (the main queue, the main actor, timers) until standard input, where
    /// the REPL's commands arrive, can be read.
    static func runUntilNextCommand() {
        let waiter = CommandWaiter()
        Thread.detachNewThread { waiter.waitForInput() }
        // At least one pass, also when the next command is already there: work an input queued
        // runs before the next input, as it would before the next line of one program's run loop.
        repeat { _ = RunLoop.main.run(mode: .default, before: .distantFuture) } while !waiter.arrived
    }
}

/// At the end of a replay, the work the snippet left running (a completion handler, a `Task`'s
/// requests) runs to its end before the host ends, as a playground page with
/// `needsIndefiniteExecution` keeps running: the host's `settle` command (Sources/WorkbenchHost/main.c).
/// Returns how many requests were still in flight after `milliseconds`, or -1 when none were but
/// the page that asked to keep running had not called `finishExecution()`.
@_cdecl("workbench_host_settle")
public func workbenchHostSettle(_ milliseconds: Int32) -> Int32 {
    MainActor.assumeIsolated { Int32(HostRuntime.settle(within: Double(milliseconds) / 1000)) }
}

extension HostRuntime {
    /// Runs the main run loop until no request the session's code started has been in flight for a
    /// moment (a loop of requests pauses between two; a resumed task reaches libcurl a few
    /// milliseconds later, from URLSession's own queue), `finishExecution()` was called, or
    /// `seconds` passed. Returns how many requests were still in flight then (-1: none, but the page
    /// that asked to keep running had not called `finishExecution()`). A page that asked to
    /// keep running (`needsIndefiniteExecution`) runs until `finishExecution()` or `seconds`, as in
    /// Xcode, quiet or not: its `Task` may not have reached its first request yet (a loaded machine
    /// took longer than the moment to get there, and the replay ended before the page printed).
    static func settle(within seconds: Double) -> Int {
        guard let transfers = HostTransfers.inFlight else { return 0 }
        let deadline = Date(timeIntervalSinceNow: seconds)
        var quietSince: Date?
        while Date() < deadline, !PlaygroundPage.current.executionFinished {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            if transfers() > 0 {
                quietSince = nil
            } else if let since = quietSince {
                if Date().timeIntervalSince(since) >= HostTransfers.quietWindow,
                   !PlaygroundPage.current.needsIndefiniteExecution { return 0 }
            } else {
                quietSince = Date()
            }
        }
        let pending = Int(transfers())
        let page = PlaygroundPage.current
        return pending == 0 && page.needsIndefiniteExecution && !page.executionFinished ? -1 : pending
    }
}

/// The host program's count of requests in flight (Sources/WorkbenchHost/curl.c).
enum HostTransfers {
    /// How long no request may be in flight before the work counts as done.
    static let quietWindow = 0.1

    /// `workbench_host_transfers`, found in the host program (nil in any other process).
    static let inFlight: (@convention(c) () -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "workbench_host_transfers") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
    }()
}

/// Waits on its own thread for standard input to be readable, then wakes the main run loop.
private final class CommandWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var hasArrived = false

    var arrived: Bool { lock.withLock { hasArrived } }

    func waitForInput() {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        // A Ctrl-C the REPL forwards interrupts the wait; what matters is input (or its end).
        while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
        lock.withLock { hasArrived = true }
        DispatchQueue.main.async {}
    }
}
