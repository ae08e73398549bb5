extension CommandTable {
    /// Help, settings, the sandbox and leaving.
    static let miscCommands: [any Command] = [SandboxCommand(), HelpCommand(), QuitCommand()]
}
