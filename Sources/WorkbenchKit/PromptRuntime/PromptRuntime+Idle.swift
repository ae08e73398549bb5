import Foundation

/// Between inputs the host's main thread keeps the session running, as a playground page with
/// `needsIndefiniteExecution` does: a `Task { }` of top-level code, `DispatchQueue.main.async`,
/// a `Timer` and a completion handler sent to the main queue all run while the REPL waits for the
/// next input, and what they print streams to the REPL, which shows it above the prompt.
/// The host (Sources/WorkbenchHost/main.c) calls this before it reads each command, once an
/// input has loaded WorkbenchKit; it returns when the REPL's next command can be read.
@_cdecl("workbench_host_idle")
public func workbenchHostIdle() {
    MainActor.assumeIsolated { PromptRuntime.runUntilNextCommand() }
}

extension PromptRuntime {
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
