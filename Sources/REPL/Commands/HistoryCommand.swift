import WorkbenchKit

/// `history`: the exchanges so far, numbered.
struct HistoryCommand: StatementCommand {
    let forms: [StatementForm] = [.history]
    let name = "history"
    let synopsis = "history"
    let summary = "the exchanges so far: number, method, status, size, time, URL"
    let group = CommandGroup.inspect
    let help = """
        `show N` shows exchange N again.

        Examples:
          wb> history
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "history")
        return [.history]
    }
}
