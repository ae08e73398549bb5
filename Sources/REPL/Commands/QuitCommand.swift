struct QuitCommand: Command {
    let name = "quit"
    let aliases = ["exit"]
    let synopsis = "quit"
    let summary = "leave Workbench (Ctrl-D on an empty line does the same)"
    let help = """
        History is saved as you go, so nothing typed is lost.
        Swift: none (a snippet ends at its last line)

        Example:
          wb> quit
        """
    let group = CommandGroup.misc

    func run(_ arguments: String, session: Session) async throws {
        guard arguments.isEmpty else { throw UsageError("quit takes no arguments, got '\(arguments)'") }
        session.quitRequested = true
    }
}
