import WorkbenchKit

/// `history`: the exchanges so far, numbered.
struct HistoryCommand: Command {
    let name = "history"
    let synopsis = "history"
    let summary = "the exchanges so far: number, method, status, size, time, URL"
    let group = CommandGroup.inspect
    let help = """
        `show N` shows exchange N again.
        Swift: wb.history()

        Examples:
          wb> history
        """

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("history takes no arguments, got '\(arguments)'") }
        session.workbench.history()
    }
}
