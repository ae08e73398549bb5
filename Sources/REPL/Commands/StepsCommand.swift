import WorkbenchKit

/// `steps [--all]`: the session's successful steps, numbered as `save --steps` and `--from` take them.
struct StepsCommand: Command {
    let name = "steps"
    static let all = CommandOption("--all", help: "each statement whole, not cut at \(lineLimit) characters")
    let options = [Self.all]
    let summary = "the session's steps so far, numbered, each as the Swift `save` writes"
    let group = CommandGroup.snippets
    let help = """
        Lists every step that succeeded, in order, with the number `save --steps 3-7,9` and
        `save --from N` use, as its Swift statement (a multi-line one by its first line, a
        line longer than \(Self.lineLimit) characters cut with `…`) and the requests it made.
        `--all` prints each statement whole. Failed inputs are not steps.
        Swift: none (it lists what a snippet would hold)

        Examples:
          wb> steps
          wb> steps --all
          wb> save search --from 3
        """

    func complete(_ words: [String], session: Session) -> [String] {
        words.count == 1 ? options.map(\.name).filter { $0.hasPrefix(words[0]) } : []
    }

    /// Where a statement's line is cut: a pasted `json {…}` of megabytes is one line.
    static let lineLimit = 120

    func run(_ arguments: String, session: Session) async throws {
        let words = try optionWords(arguments)
        guard words.operands.isEmpty else {
            throw UsageError("steps takes only \(options.listed), got '\(ErrorLine.echo(words.operands.joined(separator: " ")))'")
        }
        let whole = words.has(Self.all)
        let console = session.console
        let steps = session.transcript.steps
        guard !steps.isEmpty else { return console.line(console.styled("no steps yet: nothing has succeeded", .dim)) }
        let width = String(steps.count).count
        var cut = 0
        for (offset, step) in steps.enumerated() {
            let number = String(offset + 1)
            let text: String
            switch step.kind {
            case .statement(let statement):
                text = statement.swiftSource(secrets: .environmentReads, interpolating: session.interpolationEnds)
            case .swift(let source): text = source
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = lines.first.map(String.init) ?? ""
            let shown = whole ? first : ErrorLine.echo(first, limit: Self.lineLimit)
            if shown != first { cut += 1 }
            var line = String(repeating: " ", count: width - number.count) + number + "  " + shown
            if lines.count > 1 && !whole { line += " …" }
            if !step.exchanges.isEmpty {
                let requests = step.exchanges.count == 1 ? "1 request" : "\(step.exchanges.count) requests"
                line += console.styled("  (\(requests))", .dim)
            }
            console.line(line)
            if whole {
                for rest in lines.dropFirst() { console.line(String(repeating: " ", count: width + 2) + rest) }
            }
        }
        if cut > 0 {
            let statements = cut == 1 ? "1 long statement" : "\(cut) long statements"
            console.line(console.styled("(\(statements) cut: `steps --all` prints them whole)", .dim))
        }
    }
}
