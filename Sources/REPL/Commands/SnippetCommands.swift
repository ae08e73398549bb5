extension CommandTable {
    /// Saving and replaying sessions as Swift snippets.
    static let snippetCommands: [any Command] = [SaveCommand(), ReplayCommand(), SnippetsCommand(), SwiftExportCommand()]
}
