import Foundation

/// What `export notebook` and `export markdown` write: the session's inputs as typed (commands as
/// commands, Swift as Swift; never the sandbox's set-up, which a reader never typed), each with
/// what the prompt showed for it.
enum HandoutDocuments {
    /// The note a session in offline mode carries: its URLs are the real hosts', its answers the sandbox's.
    static let offlineNote = "Requests to the tutorials' real hosts were answered by Workbench's sandbox (offline mode): the URLs are the real ones, the answers the sandbox's copies of them."

    /// The line a notebook's output ends with when the output was longer than what is kept.
    static let cutNote = "… (the rest of this output is not kept in the notebook)"

    /// An `.ipynb` (nbformat 4.5) for the Workbench kernel: a Markdown cell with the name and
    /// description, then a code cell for each input with its output as a `stream` output.
    static func notebook(name: String, description: String?, inputs: [ShownInputs.Input], offline: Bool) -> Data {
        var introduction = "# \(name)"
        if let description, !description.isEmpty { introduction += "\n\n" + description }
        if offline { introduction += "\n\n" + offlineNote }
        var cells: [[String: Any]] = [["id": "cell-0", "cell_type": "markdown", "metadata": [String: Any](), "source": lines(introduction)]]
        for (index, input) in inputs.enumerated() {
            var output = ShownInputs.shown(input.output, cut: input.cut)
            if input.cut { output += (output.isEmpty || output.hasSuffix("\n") ? "" : "\n") + cutNote + "\n" }
            cells.append([
                "id": "cell-\(index + 1)", "cell_type": "code", "execution_count": index + 1, "metadata": [String: Any](),
                "source": lines(input.typed),
                "outputs": output.isEmpty ? [] : [["output_type": "stream", "name": "stdout", "text": lines(output)]],
            ])
        }
        let notebook: [String: Any] = [
            "nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": [
                "kernelspec": ["name": "workbench", "display_name": "Swift (Workbench)", "language": "swift"],
                "language_info": ["name": "swift", "file_extension": ".swift", "mimetype": "text/x-swift", "codemirror_mode": "swift"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: notebook, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// The handout: the name and description, then each input in a block (Swift as `swift`, a
    /// command after the prompt's `wb>`) with its output below it; a body the prompt cut short is
    /// cut here too, with a note in place of the prompt's hint.
    static func markdown(name: String, description: String?, inputs: [ShownInputs.Input], offline: Bool) -> String {
        var text = "# \(name)\n\n"
        if let description, !description.isEmpty { text += description + "\n\n" }
        if offline { text += "> " + offlineNote + "\n\n" }
        for input in inputs {
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
        return text
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

    /// A notebook's multi-line string: its lines, each but the last with its line break.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        if let last = lines.last {
            lines[lines.count - 1] = String(last.dropLast())
            if lines[lines.count - 1].isEmpty { lines.removeLast() }
        }
        return lines
    }
}
