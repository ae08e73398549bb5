extension CommandTable {
    /// Swift models and decoding (DESIGN.md §2, §4).
    static let modelCommands: [any Command] = []
}
