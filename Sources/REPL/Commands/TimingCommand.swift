import WorkbenchKit

/// `timing`: when the last request went and how long its parts took.
struct TimingCommand: StatementCommand {
    let forms: [StatementForm] = [.timing]
    let name = "timing"
    let synopsis = "timing"
    let summary = "when the last request was sent, time to headers, to the last byte, total"
    let group = CommandGroup.inspect
    let help = """
        Measured with ContinuousClock (URLSession's task metrics are empty on Linux).

        Examples:
          wb> timing
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "timing")
        return [.timing]
    }
}
