extension String {
    /// The text on one line, as an error is printed: each line break in it (`\n`, `\r\n`, `\r`, and
    /// the other Unicode ones) shown as `⏎` instead of starting a new line.
    public var oneLine: String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? "⏎" : $0 })
    }
}
