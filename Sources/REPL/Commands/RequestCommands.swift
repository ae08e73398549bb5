import WorkbenchKit

extension CommandTable {
    /// Build, send and inspect requests, and the last results column.
    static let requestCommands: [any Command] = [
        BaseCommand(), PathCommand(), QueryCommand(), HeaderCommand(), MethodCommand(), BodyCommand(),
        URLCommand(), ResetCommand(),
        SendCommand(), EnvCommand(), WebSocketCommand(), GraphQLCommand(),
        VerbCommand(method: "GET"), VerbCommand(method: "POST"), VerbCommand(method: "PUT"),
        VerbCommand(method: "PATCH"), VerbCommand(method: "DELETE"), VerbCommand(method: "HEAD"),
        StatusCommand(), HeadersCommand(), TimingCommand(), HistoryCommand(), ShowCommand(), ResultsCommand(), CurlCommandLine(),
        CookiesCommand(),
        SetCommand(),
    ]
}
