extension Session {
    /// Tab candidates for the word before the cursor: command names first, then the command's own.
    func completions(before text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count > 1, let command = commands.command(named: words[0]) else {
            return words.count <= 1 ? commands.names : []
        }
        return command.complete(Array(words.dropFirst()), session: self)
    }
}
