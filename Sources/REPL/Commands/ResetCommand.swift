import WorkbenchKit

/// `reset`: a fresh request to the base.
struct ResetCommand: StatementCommand {
    let forms: [StatementForm] = [.reset]
    let name = "reset"
    let synopsis = "reset"
    let summary = "start a fresh GET to the base: no query, headers or body (default headers stay)"
    let group = CommandGroup.build
    let help = """
        Clears the method, path, query items, headers and body; keeps the base, the
        default headers, history and settings.

        Examples:
          wb> reset
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "reset")
        return [.reset]
    }
}
