extension Session {
    /// Tab candidates for the word before the cursor: command names and bound names first, then
    /// the command's own; after a `.`, the members of the value before it.
    func completions(before text: String) -> [String] {
        // An unfinished input's earlier lines come first: a line break parts words as a space does.
        let words = text.split(omittingEmptySubsequences: false) { $0 == " " || $0 == "\n" }.map(String.init)
        if let last = words.last, let members = memberCompletions(last) { return members }
        guard words.count > 1, let command = commands.command(named: words[0]) else {
            return words.count <= 1 ? commands.names + boundNames : []
        }
        return command.completion(Array(words.dropFirst()), session: self)
    }

    /// Names bound at the prompt: on the fast path, and by earlier Swift input.
    private var boundNames: [String] {
        var names = Set(swift.boundNames)
        for step in transcript.steps {
            guard case .swift(let source) = step.kind else { continue }
            for line in source.split(separator: "\n") {
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                for (index, word) in words.enumerated() where ["let", "var", "func"].contains(word) && index + 1 < words.count {
                    names.insert(String(words[index + 1]))
                }
            }
        }
        return names.sorted()
    }

    /// `posts[0].ti` → `posts[0].title`: the word up to its last `.`, then each member of the value
    /// the part before the `.` names (the expression may follow `(` or `\(`). Nil when the word has
    /// no `.` after a value the fast path holds.
    private func memberCompletions(_ word: String) -> [String]? {
        guard let dot = word.lastIndex(of: ".") else { return nil }
        let beforeDot = word[..<dot]
        let start = beforeDot.lastIndex(where: { "( ,{".contains($0) }).map { beforeDot.index(after: $0) } ?? beforeDot.startIndex
        let expression = String(beforeDot[start...])
        guard !expression.isEmpty, let members = swift.memberNames(of: expression) else { return nil }
        let prefix = String(word[...dot])
        return members.map { prefix + $0 }
    }
}
