extension CommandTable {
    /// Saving and replaying sessions as Swift snippets (DESIGN.md §3).
    static let snippetCommands: [any Command] = [SaveCommand(), ReplayCommand(), SnippetsCommand()]
}
