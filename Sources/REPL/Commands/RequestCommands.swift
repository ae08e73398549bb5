extension CommandTable {
    /// Build, send and inspect requests (DESIGN.md §2).
    static let requestCommands: [any Command] = []
}
