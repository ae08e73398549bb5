extension CommandTable {
    /// Saving and replaying sessions as Swift snippets.
    static let snippetCommands: [any Command] = [
        SaveCommand(), StepsCommand(), EditCommand(), PlayCommand(), ReplayCommand(), SnippetsCommand(), ExportCommand(), SwiftExportCommand(), OpenCommand(), PageCommand(), PackageCommand(),
    ]
}
