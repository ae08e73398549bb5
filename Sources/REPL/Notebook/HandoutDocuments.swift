import Foundation

/// What `export notebook` and `export markdown` write: the session's inputs as typed (commands as
/// commands, Swift as Swift; never the sandbox's set-up, which a reader never typed), each with
/// what the prompt showed for it.
enum HandoutDocuments {
    /// The note a session in offline mode carries: its URLs are the real hosts', its answers the sandbox's.
    static let offlineNote = "Requests to the tutorials' real hosts were answered by Workbench's sandbox (offline mode): the URLs are the real ones, the answers the sandbox's copies of them."

    /// The line a notebook's output ends with when the output was longer than what is kept.
    static let cutNote = "… (the rest of this output is not kept in the notebook)"

    /// A notebook for the Workbench kernel: a Markdown cell with the name and description, then a
    /// code cell for each input with its output.
    static func notebook(name: String, description: String?, inputs: [ShownInputs.Input], offline: Bool) -> Data {
        var introduction = "# \(name)"
        if let description, !description.isEmpty { introduction += "\n\n" + description }
        if offline { introduction += "\n\n" + offlineNote }
        var document = NotebookDocument(cells: [.markdown(introduction)])
        var previous: ShownInputs.Input?
        for input in inputs {
            if let prose = input.prose {
                // Consecutive `//:` lines are one block of prose, as a playground renders them; a
                // `/*: */` block is a cell of its own.
                if case .markdown(let before)? = document.cells.last, document.cells.count > 1, lineProse(input, after: previous) {
                    document.cells[document.cells.count - 1] = .markdown(before + "\n" + prose)
                } else {
                    document.cells.append(.markdown(prose))
                }
                previous = input
                continue
            }
            previous = input
            var output = ShownInputs.shown(input.output, cut: input.cut)
            if input.cut { output += (output.isEmpty || output.hasSuffix("\n") ? "" : "\n") + cutNote + "\n" }
            document.cells.append(.code(input.typed, output: output))
        }
        return document.data
    }

    /// The handout: the name and description, then each input in a block (Swift as `swift`, a
    /// command after the prompt's `wb>`) with its output below it; a body the prompt cut short is
    /// cut here too, with a note in place of the prompt's hint.
    static func markdown(name: String, description: String?, inputs: [ShownInputs.Input], offline: Bool) -> String {
        var text = "# \(name)\n\n"
        if let description, !description.isEmpty { text += description + "\n\n" }
        if offline { text += "> " + offlineNote + "\n\n" }
        var previous: ShownInputs.Input?
        for input in inputs {
            defer { previous = input }
            if let prose = input.prose {
                // A `//:` line goes on the paragraph the line before it began.
                if lineProse(input, after: previous) { text.removeLast() }
                text += prose + "\n\n"
                continue
            }
            let typed = input.isSwift ? input.typed : "wb> " + input.typed
            let inputFence = fence(for: typed)
            text += "\(inputFence)\(input.isSwift ? "swift" : "")\n\(typed)\n\(inputFence)\n\n"
            // The output in blocks, each hint of the prompt's (`… 22 more lines · …`) a note where it was.
            var block: [Substring] = []
            func endBlock() {
                let shown = block.joined(separator: "\n").trimmingCharacters(in: .newlines)
                if !shown.isEmpty { text += fence(for: shown) + "\n\(shown)\n" + fence(for: shown) + "\n\n" }
                block = []
            }
            for line in ShownInputs.shown(input.output, cut: input.cut).split(separator: "\n", omittingEmptySubsequences: false) {
                if let more = line.wholeMatch(of: /… (\d+) more lines( · `body --all` shows them)?/) {
                    endBlock()
                    text += "*\(more.1) more lines not shown.*\n\n"
                } else {
                    block.append(line)
                }
            }
            endBlock()
            if input.cut { text += "*The rest of this output is not kept in the handout.*\n\n" }
        }
        // Each part ends with a blank line to part it from the next; the file ends with one newline.
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    /// Whether `input` is a `//:` line going on from a `//:` line just before it.
    private static func lineProse(_ input: ShownInputs.Input, after previous: ShownInputs.Input?) -> Bool {
        input.typed.hasPrefix("//:") && previous?.typed.hasPrefix("//:") == true && previous?.prose != nil
    }

    /// A fence longer than any run of backticks in `text`.
    static func fence(for text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }
}
