import WorkbenchKit

/// `timing`: when the last request went and how long its parts took.
struct TimingCommand: Command {
    let name = "timing"
    let synopsis = "timing"
    let summary = "when the last request was sent, time to headers, to the last byte, total"
    let group = CommandGroup.inspect
    let help = """
        Measured with ContinuousClock (URLSession's task metrics are empty on Linux).
        Swift: try wb.timing()

        Examples:
          wb> timing
        """

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("timing takes no arguments, got '\(arguments)'") }
        try session.workbench.timing()
    }
}
