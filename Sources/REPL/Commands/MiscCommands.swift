extension CommandTable {
    /// Help, settings, the sandbox, stopping work left running and leaving.
    static let miscCommands: [any Command] = [SandboxCommand(), HelpCommand(), StopCommand(), QuitCommand()]
}
