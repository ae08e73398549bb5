import LineEditor
import WorkbenchKit

extension CommandTable {
    /// Build, send and inspect requests.
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
    /// Runs a send so that Ctrl-C cancels it: `cancelled` is printed, not an error. Returns false
    /// when it was cancelled.
    func sending(_ send: () async throws -> Void) async throws -> Bool {
        workbench.interruptRequested = { [unowned self] in self.interruptRequested }
        defer { promptLabel = workbench.hostLabel }
        do {
            try await send()
            return true
        } catch WorkbenchError.cancelled {
            Interrupt.clear()
            console.line(console.styled("cancelled", .yellow))
            return false
        }
    }

    /// After a build command: the prompt follows the current host.
    func requestChanged() {
        promptLabel = workbench.hostLabel
    }
}
