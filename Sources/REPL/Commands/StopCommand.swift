import WorkbenchScript

/// `stop`: ends the work earlier Swift inputs left running in the Swift host (Ctrl-C at an empty
/// prompt does the same).
struct StopCommand: Command {
    let name = "stop"
    let synopsis = "stop"
    let summary = "stop the timers, tasks and requests Swift inputs left running (Ctrl-C at an empty prompt does the same)"
    let group = CommandGroup.misc
    let help = """
        Invalidates the timers of the main run loop, cancels the tasks the inputs started
        (`Task { }`, `Task.detached { }`; each stops where it next checks, as `Task.sleep` does)
        and ends the requests in flight (their completion handlers get an error). Values stay.
        Not stopped: `DispatchQueue` work and timers, a thread of its own.
        Swift: none (a snippet's work runs until it ends)

        Example:
          wb> Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
          wb> stop
          stopped 1 timer
        """

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("stop takes no arguments, got '\(arguments)'") }
        await session.stopWorkLeftRunning(sayingNothingStopped: true)
    }
}
