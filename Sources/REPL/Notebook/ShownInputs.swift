import WorkbenchScript

/// The inputs of the session as the user typed them, each with what the prompt showed for it: what
/// a notebook's cells and a Markdown handout are made of (`export notebook`, `export markdown`).
/// Only inputs that added steps to the transcript are kept, and an input stays only while its
/// steps do (`edit` and `reset` cut the transcript).
struct ShownInputs {
    struct Input {
        /// As typed; a request command's secrets masked, as history keeps it.
        let typed: String
        /// Swift, rather than a command.
        let isSwift: Bool
        /// What it printed, without terminal styles; its first `limit` bytes.
        let output: String
        /// Whether the output was longer than what is kept.
        let cut: Bool
        /// How many steps the transcript had before it.
        let stepsBefore: Int
    }

    /// The most of one input's output kept (a 20 MB body is shown in full at the prompt, not
    /// handed out).
    static let limit = 256 * 1024

    private var inputs: [Input] = []

    mutating func record(_ input: Input) {
        inputs.removeAll { $0.stepsBefore >= input.stepsBefore }
        inputs.append(input)
    }

    /// The inputs whose steps the transcript still has.
    func current(stepCount: Int) -> [Input] {
        inputs.filter { $0.stepsBefore < stepCount }
    }

    /// `output` without style sequences and cut at its last whole line when the copy was cut.
    static func shown(_ output: String, cut: Bool) -> String {
        let plain = StepFailureLine.withoutStyles(output)
        guard cut, let end = plain.lastIndex(of: "\n") else { return plain }
        return String(plain[...end])
    }
}
