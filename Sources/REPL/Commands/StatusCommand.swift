import WorkbenchKit

/// `status`: the last response's code, reason and what its class means.
struct StatusCommand: StatementCommand {
    let forms: [StatementForm] = [.status]
    let name = "status"
    let synopsis = "status"
    let summary = "the last response's status code, reason phrase and what its class means"
    let group = CommandGroup.inspect
    let help = """

        Examples:
          wb> status
        """

    func statements(_ arguments: String) throws -> [WorkbenchStatement] {
        try CommandWords.none(arguments, command: "status")
        return [.status]
    }
}
