import WorkbenchKit

/// `steps`: the session's successful steps, numbered as `save --steps` and `--from` take them.
struct StepsCommand: Command {
    let name = "steps"
    let synopsis = "steps"
    let summary = "the session's steps so far, numbered, each as the Swift `save` writes"
    let group = CommandGroup.snippets
    let help = """
        Lists every step that succeeded, in order, with the number `save --steps 3-7,9` and
        `save --from N` use, as its Swift statement (a multi-line one by its first line) and
        the requests it made. Failed inputs are not steps.
        Swift: none (it lists what a snippet would hold)

        Examples:
          wb> steps
          wb> save search --from 3
        """

    func run(_ arguments: String, session: Session) async throws {
        try CommandWords.none(arguments, command: name)
        let console = session.console
        let steps = session.transcript.steps
        guard !steps.isEmpty else { return console.line(console.styled("no steps yet: nothing has succeeded", .dim)) }
        let width = String(steps.count).count
        for (offset, step) in steps.enumerated() {
            let number = String(offset + 1)
            let text: String
            switch step.kind {
            case .statement(let statement): text = statement.swiftSource(secrets: .environmentReads)
            case .swift(let source): text = source
            }
            let lines = text.split(separator: "\n")
            var line = String(repeating: " ", count: width - number.count) + number + "  " + (lines.first.map(String.init) ?? "")
            if lines.count > 1 { line += " …" }
            if !step.exchanges.isEmpty {
                let requests = step.exchanges.count == 1 ? "1 request" : "\(step.exchanges.count) requests"
                line += console.styled("  (\(requests))", .dim)
            }
            console.line(line)
        }
    }
}
