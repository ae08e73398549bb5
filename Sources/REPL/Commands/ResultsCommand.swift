import LineResults
import WorkbenchScript

/// `results [N]`: the last results column again, or every value one of its lines had, as Xcode's
/// value history shows them.
struct ResultsCommand: Command {
    let name = "results"
    let synopsis = "results [N]"
    let summary = "the last results column again, or every value line N of it had"
    let group = CommandGroup.inspect
    let help = """
        After `set results on`, the last input that showed a results column (Swift at the
        prompt, `replay --results`): `results` lists its lines again, one a line, as the
        column shows them (`LINE  value  (N times)  ▁▃█`); `results N` lists every value
        line N had, in the order they came, numbered, each as `print` describes it (the
        first \(ResultsHistory.kept), then how many more there were).
        Swift: none (it shows what an input already ran)

        Examples:
          wb> set results on
          wb> for i in 1...3 { let sq = i * i }
          wb> results 1
          1  sq = 1
          2  sq = 4
          3  sq = 9
        """

    func complete(_ words: [String], session: Session) -> [String] {
        guard words.count == 1, let last = words.last, let history = session.lastResults else { return [] }
        return RequestCompletion.matching(last, history.entries.keys.sorted().map(String.init))
    }

    func run(_ arguments: String, session: Session) async throws {
        let console = session.console
        guard let history = session.lastResults else {
            throw UsageError(session.resultsColumn
                ? "no results yet: Swift of several lines, or a loop, shows a results column"
                : "no results yet: `set results on` first, then Swift of several lines, or a loop, shows a results column")
        }
        guard !arguments.isEmpty else {
            for line in history.column.plainLines { console.line(line) }
            return
        }
        guard let line = Int(arguments) else {
            throw UsageError("'\(ErrorLine.echo(arguments))' is not a line number: `results N` (`results` lists the lines with values)")
        }
        guard (1...history.lastLine).contains(line) else {
            let lines = history.lastLine == 1 ? "line 1" : "lines 1–\(history.lastLine)"
            throw UsageError("no line \(line) in the last results column: it has \(lines)")
        }
        guard let values = history.valueLines(of: line) else {
            throw UsageError("line \(line) has no value (`results` lists the lines that have)")
        }
        for value in values { console.line(value) }
    }
}
