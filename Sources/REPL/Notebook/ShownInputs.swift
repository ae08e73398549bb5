import Foundation
import Playgrounds
import WorkbenchScript

/// The inputs of the session as the user typed them, each with what the prompt showed for it: what
/// a notebook's cells and a Markdown handout are made of (`export notebook`, `export markdown`).
/// Kept: inputs that added steps to the transcript, and those that set the session up without one
/// (`set`, `open`, `package`, `env`); an input goes when `edit` cuts the transcript inside or
/// before its steps.
struct ShownInputs {
    struct Input {
        /// As typed; a request command's secrets masked, as history keeps it.
        let typed: String
        /// Swift, rather than a command.
        let isSwift: Bool
        /// What it printed, without terminal styles; its first `limit` bytes.
        var output: String
        /// Whether the output was longer than what is kept.
        var cut: Bool
        /// The transcript's step count before it and after it.
        let stepsBefore: Int
        let stepsAfter: Int

        /// The prose of an input of playground markup alone (`//: …`, `/*: … */`): a notebook's
        /// Markdown cell, a handout's paragraph.
        var prose: String? { ShownInputs.prose(in: typed) }
    }

    /// `input` as Markdown when it is playground markup and nothing else.
    static func prose(in input: String) -> String? {
        guard input.hasPrefix("//:") || input.hasPrefix("/*:") else { return nil }
        // A `//:` line alone is the blank line between two paragraphs of prose.
        if input.trimmingCharacters(in: .whitespaces) == "//:" { return "" }
        var texts: [String] = []
        for block in PlaygroundMarkup.blocks(in: input) {
            guard case .markup(let text, _) = block else { return nil }
            // `a block */` closes a comment on its last line: no blanks left where the `*/` was.
            texts.append(text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }.joined(separator: "\n"))
        }
        return texts.isEmpty ? nil : texts.joined(separator: "\n\n")
    }

    /// The most of one input's output kept (a 20 MB body is shown in full at the prompt, not
    /// handed out), and of all of them: past it, the oldest outputs are let go (marked cut).
    static let limit = 256 * 1024
    static let totalLimit = 16 << 20

    /// Commands that change the session without adding a step, which a notebook needs to run
    /// what follows them.
    static let setUpCommands: Set<String> = ["set", "open", "package", "env"]
    /// Commands never written as cells: they run other inputs (`edit`'s are recorded themselves)
    /// or wait for the user (`play`).
    static let unrecorded: Set<String> = ["edit", "play", "replay"]

    private(set) var inputs: [Input] = []
    /// How many inputs were ever recorded: an `evaluate` that ran others sees it move.
    private(set) var recordCount = 0

    mutating func record(_ input: Input) {
        inputs.append(input)
        recordCount += 1
        var total = inputs.reduce(0) { $0 + $1.output.utf8.count }
        for index in inputs.indices where total > Self.totalLimit && !inputs[index].output.isEmpty {
            total -= inputs[index].output.utf8.count
            inputs[index].output = ""
            inputs[index].cut = true
        }
    }

    /// The transcript now keeps its first `count` steps (`edit`): inputs whose steps are gone go.
    mutating func keepFirstSteps(_ count: Int) {
        inputs.removeAll { $0.stepsAfter > count }
    }

    /// `output` without style sequences, a line redrawn with `\r` as its last drawing, and cut at
    /// its last whole line when the copy was cut.
    static func shown(_ output: String, cut: Bool) -> String {
        var plain = StepFailureLine.withoutStyles(output)
        if plain.contains("\r") {
            plain = plain.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.split(separator: "\r", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
                .joined(separator: "\n")
        }
        guard cut, let end = plain.lastIndex(of: "\n") else { return plain }
        return String(plain[...end])
    }
}
