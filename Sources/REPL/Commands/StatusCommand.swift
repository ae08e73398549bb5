import WorkbenchKit

/// `status`: the last response's code, reason and what its class means.
struct StatusCommand: Command {
    let name = "status"
    let synopsis = "status"
    let summary = "the last response's status code, reason phrase and what its class means"
    let group = CommandGroup.inspect
    let help = """
        Swift: try wb.status()

        Examples:
          wb> status
        """

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("status takes no arguments, got '\(arguments)'") }
        try session.workbench.status()
    }
}
