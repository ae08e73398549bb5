import LineEditor
import WorkbenchKit

extension CommandTable {
    /// Build, send and inspect requests (DESIGN.md §2).
    static let requestCommands: [any Command] = [
        BaseCommand(), PathCommand(), QueryCommand(), HeaderCommand(), MethodCommand(), BodyCommand(),
        URLCommand(), ResetCommand(),
        SendCommand(),
        VerbCommand(method: "GET"), VerbCommand(method: "POST"), VerbCommand(method: "PUT"),
        VerbCommand(method: "PATCH"), VerbCommand(method: "DELETE"), VerbCommand(method: "HEAD"),
        StatusCommand(), HeadersCommand(), TimingCommand(), HistoryCommand(), ShowCommand(), CurlCommandLine(),
        SetCommand(),
    ]
}

extension Session {
    /// Runs a send so that Ctrl-C cancels it: `cancelled` is printed, not an error.
    func sending(_ send: () async throws -> Void) async throws {
        workbench.interruptRequested = { [unowned self] in self.interruptRequested }
        Interrupt.clear()  // a Ctrl-C typed before this line is not meant for this request
        do {
            try await send()
        } catch WorkbenchError.cancelled {
            Interrupt.clear()
            console.line(console.styled("cancelled", .yellow))
        }
        promptLabel = workbench.hostLabel
    }

    /// After a build command: the prompt follows the current host.
    func requestChanged() {
        promptLabel = workbench.hostLabel
    }
}
