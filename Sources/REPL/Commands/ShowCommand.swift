import WorkbenchKit

/// `show N`: exchange N's status line and body again.
struct ShowCommand: StatementCommand {
    let forms: [StatementForm] = [.show]
    let name = "show"
    let synopsis = "show N"
    let summary = "show exchange N (from `history`) again"
    let group = CommandGroup.inspect
    let help = """

        Examples:
          wb> show 2
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last else { return [] }
        return RequestCompletion.matching(last, session.workbench.exchanges.map { String($0.number) })
    }

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        guard let number = Int(arguments), number > 0 else {
            throw UsageError(arguments.isEmpty ? "show needs a number: `show N` (see `history`)" : "'\(arguments)' is not an exchange number — `history` lists them")
        }
        return [.show(number)]
    }
}
