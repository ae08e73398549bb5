import Foundation
import LineEditor
import LineResults
import WorkbenchKit
import WorkbenchScript

extension Session {
    /// Runs the file's statements from the first one that differs from what ran before (all of
    /// them the first time): the steps of the ones after it are dropped and they run again
    /// (`runItems`), the ones above keep their values. A syntax error, or a statement that fails,
    /// stops the run with its error at the file's line. Prints one status line, and returns what
    /// the run did for the screen `play` draws at a terminal. With `block`
    /// (`--block NAME`), what runs is the code outside the file's `#Playground` blocks, then that
    /// block, as `page NAME` runs it after `open`: a change to another block runs nothing.
    ///
    /// The file is read and what runs is compiled at once; `settled` is asked before anything has
    /// an effect (runs, or is said): when it answers false, the file was saved again, and the
    /// outcome is `dropped` with nothing done that the next run does not start from.
    @discardableResult
    func playRun(_ file: URL, block: String? = nil, played: inout PlayedItems, settled: () -> Bool = { true }) async -> PlayOutcome {
        let started = ContinuousClock.now
        let saved = Self.clockTime(of: file)
        let name = file.lastPathComponent
        guard let data = FileManager.default.contents(atPath: file.path) else {
            guard settled() else { return .dropped }
            return finished(PlayOutcome(status: "\(name) was removed: waiting for it to come back (q leaves)", style: .yellow))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            guard settled() else { return .dropped }
            reportError(PlayError.notText(file.path).description)
            return finished(PlayOutcome(status: "nothing ran: save the file as UTF-8 text (q leaves)", style: .yellow))
        }
        let file: SwiftFile
        do {
            file = try SwiftFile(guarded: text)
        } catch {
            guard settled() else { return .dropped }
            return finished(showSyntaxError(error.line, error.column, error.message, in: text, name: name))
        }
        var items = file.items
        let line = { (item: SwiftItem) in file.firstLine(of: item) }
        // The lines a run of items spans: a block runs after the code outside the blocks, so
        // its items are not always in the file's order.
        let lastLine = { (run: ArraySlice<SwiftItem>) in run.map(file.lastLine(of:)).max() ?? 0 }
        if file.hasError, let first = file.firstError {
            guard settled() else { return .dropped }
            var outcome = showSyntaxError(first.line, first.column, first.message, in: text, name: name)
            // The values above the error stay; those below it are stale until it is fixed.
            let above = min(played.unchangedPrefix(of: items), items.firstIndex { lastLine([$0]) >= first.line } ?? items.count)
            outcome.results = played.fileResults(firstLines: items.prefix(above).map(line))
            outcome.stale = staleResults(below: first.line, of: text, played: played)
            return finished(outcome)
        }
        if let block {
            switch Self.playedBlock(block, of: text, items: items, name: name) {
            case .success(let chosen): items = items.filter { !$0.isPlaygroundBlock } + [chosen.item]
            case .failure(let error):
                guard settled() else { return .dropped }
                reportError(error.description)
                return finished(PlayOutcome(text: text, status: "nothing ran: fix the file and save (q leaves)", style: .yellow))
            }
        }
        let same = played.restart(for: items)
        guard same < items.count || same < played.count else {
            guard settled() else { return .dropped }
            var outcome = PlayOutcome(text: text, status: "unchanged: nothing ran · saved \(saved)", style: .dim)
            outcome.results = played.fileResults(firstLines: items.map(line))
            return finished(outcome)
        }
        let earlier = played
        if same < played.count {
            keepFirstSteps(played.stepsBefore[same])
            played.keepFirst(same)
        }
        Interrupt.clear()
        let span = { (run: ArraySlice<SwiftItem>) in Self.lines(run.map(line).min() ?? 0, lastLine(run)) }
        // Cutting the steps has no effect that a dropped run leaves behind: the next run compares
        // the file with the items kept (PlayedItems keeps the cut ones' values for a stale column).
        let run = await runItems(items, from: same, oneByOne: block != nil, played: &played, settled: settled)
        if run?.dropped == true { return .dropped }
        if let run {
            let index = run.stoppedAt
            let failed = run.failed
            let after = items.count > index + 1 ? " · " + span(items[(index + 1)...]) + " not run (stale)" : ""
            let stopped = Interrupt.isPending ? "interrupted" : "stopped"
            var outcome = PlayOutcome(text: text, status: "\(stopped) at line \(line(items[failed]))\(after) · saved \(saved)", style: .yellow)
            outcome.failedLine = line(items[failed])
            outcome.ran = (items[same...index].map(line).min() ?? 0)...lastLine(items[same...index])
            // With those of the declarations further down that ran before it (hoisted).
            outcome.results = played.fileResults(firstLines: items.map(line))
                + run.hoisted.filter { $0.key > index && $0.key != failed }.flatMap { PlayedItems.moved($0.value, to: line(items[$0.key])) }
            outcome.stale = items.indices.dropFirst(index + 1).filter { run.hoisted[$0] == nil }
                .flatMap { earlier.earlierResults(of: items[$0], at: line(items[$0])) }
            return finished(outcome, lastLine: text.count { $0 == "\n" } + 1)
        }
        let ran = items.count > same ? "ran " + span(items[same...]) : "removed the lines after line \(items.last.map(line) ?? 0)"
        let seconds = String(format: "%.2f", (ContinuousClock.now - started).inSeconds)
        var outcome = PlayOutcome(text: text, status: "\(ran) · \(seconds) s · saved \(saved)", style: .dim)
        if items.count > same { outcome.ran = (items[same...].map(line).min() ?? 0)...lastLine(items[same...]) }
        outcome.results = played.fileResults(firstLines: items.map(line))
        return finished(outcome, lastLine: text.count { $0 == "\n" } + 1)
    }

    /// Where a run of a played file stopped: the item being run, the one that failed (a declaration
    /// hoisted for it, or itself), and the column of the hoisted declarations that ran.
    struct PlayStop {
        let stoppedAt: Int
        let failed: Int
        var hoisted: [Int: [LineResult]] = [:]
        /// `settled` answered false before anything ran.
        var dropped = false

        static let dropped = { var stop = PlayStop(stoppedAt: 0, failed: 0); stop.dropped = true; return stop }()
    }

    /// Runs `items` from `same` on, each that runs to its end appended to `played`; nil when all
    /// did. Each runs on the interpreter while it can, as at the prompt (the file's imports too),
    /// and from the first it cannot the rest are compiled once, each a step of its own
    /// (PromptRunner.runSteps): a run from line 1 costs one compile, not one per statement. Where
    /// that cannot be (a `#Playground` block, an import below a statement, `--block`, no compiler)
    /// they run one by one.
    private func runItems(_ items: [SwiftItem], from same: Int, oneByOne: Bool, played: inout PlayedItems,
                          settled: () -> Bool) async -> PlayStop? {
        let statements = items[same...].drop(while: \.isImport)
        let batched = !oneByOne && compiledPathAvailable
            && !items[same...].contains(where: \.isPlaygroundBlock) && !statements.contains(where: \.isImport)
        guard batched else {
            guard settled() else { return .dropped }
            return await runEachItem(items, from: same, played: &played)
        }
        var hoisting = DeclarationHoisting(items: items)
        for index in 0..<same { _ = hoisting.needed(by: index) }
        var index = same
        // A loop's column is the values of its turns, which only the compiled playground reports;
        // a statement that needs a declaration further down (changed, or not declared yet) is
        // compiled with it, where every declaration is seen.
        while index < items.count, !(drawsPlayScreen && PlayColumn.runsWithResults(items[index])), hoisting.needed(by: index).isEmpty {
            // The first statement that runs at once waits for the save to settle; one the compiler
            // runs is compiled first, and waits only before it runs.
            if index == same, !(await interpreterTakes(items[index])) { break }
            guard settled() else { return .dropped }
            let before = transcript.steps.count
            let (finished, output) = await capturingOutput { await runOnInterpreter(items[index]) }
            guard let finished, !Interrupt.isPending else { return PlayStop(stoppedAt: index, failed: index) }
            guard finished else { break }
            played.append(items[index], stepsBefore: before, results: PlayColumn.results(ofOutput: output, for: items[index]))
            index += 1
        }
        guard index < items.count else { return nil }
        let before = transcript.steps.count
        // At a terminal their values are the column `play` draws; piped, they are shown as the prompt shows them.
        let run = await runSteps(Array(items[index...]), resultsColumn: drawsPlayScreen, beforeRunning: settled)
        if run.dropped { return .dropped }
        for unit in 0..<run.ran {
            played.append(items[index + unit], stepsBefore: before + unit, results: run.results.filter { $0.unit == unit })
        }
        guard run.failed || (Interrupt.isPending && run.ran < items.count - index) else { return nil }
        return PlayStop(stoppedAt: index + run.ran, failed: index + run.ran)
    }

    /// `runItems` one item at a time: a declaration further down that a statement needs runs just
    /// before it, as compiled Swift sees it (a type used above the line that declares it); those
    /// the kept statements needed are there already.
    private func runEachItem(_ items: [SwiftItem], from same: Int, played: inout PlayedItems) async -> PlayStop? {
        var hoisting = DeclarationHoisting(items: items)
        for index in 0..<same { _ = hoisting.needed(by: index) }
        var results: [Int: [LineResult]] = [:]
        for (index, item) in items.enumerated().dropFirst(same) {
            let before = transcript.steps.count
            if !hoisting.wasHoisted(index) {
                for needed in hoisting.needed(by: index) + [index] {
                    let run = await runPlayedItem(items[needed])
                    results[needed] = run.results
                    if !run.ran || Interrupt.isPending { return PlayStop(stoppedAt: index, failed: needed, hoisted: results) }
                }
            }
            played.append(item, stepsBefore: before, results: results[index] ?? [])
        }
        return nil
    }

    /// Prints the run's status line; the column becomes the one `results` lists.
    private func finished(_ outcome: PlayOutcome, lastLine: Int? = nil) -> PlayOutcome {
        if let lastLine, !outcome.results.isEmpty { lastResults = ResultsHistory(outcome.results, lastLine: lastLine) }
        console.line(console.styled(outcome.status, outcome.style))
        return outcome
    }

    /// The `#Playground` block that `title` (a block's name, or its number, as `open` lists them)
    /// stands for in `text`, whose top-level items are `items`, and its item; a file without
    /// blocks, or without that block, is one line.
    static func playedBlock(_ title: String, of text: String, items: [SwiftItem],
                            name file: String) -> Result<(item: SwiftItem, block: PlaygroundBlock), UsageError> {
        let blocks = (try? SnippetScript(source: text, fileName: file)).map(PlaygroundBlock.blocks(in:)) ?? []
        let found = items.filter(\.isPlaygroundBlock)
        guard !blocks.isEmpty, !found.isEmpty else {
            return .failure(UsageError("\(file) has no #Playground blocks: without --block, play runs it whole"))
        }
        guard let block = OpenBlocksFile.block(named: title, in: blocks), found.indices.contains(block.number - 1) else {
            return .failure(UsageError(OpenBlocksFile.noBlock(title, in: blocks, file: file)))
        }
        return .success((found[block.number - 1], block))
    }

    /// A played page's `Sources/` changed: they are compiled again, the host starts again (the
    /// old module stays loaded in it otherwise), and the page runs again from the top.
    func playAgain(_ file: URL, after playground: PlayedPlayground, played: inout PlayedItems) async -> PlayOutcome {
        console.line(console.styled("Sources/ changed: compiling them again, then the page from the top", .dim))
        do {
            try await playground.compile(into: self)
        } catch {
            reportError(error.localizedDescription)
            return finished(PlayOutcome(status: "nothing ran: fix Sources/ and save (q leaves)", style: .yellow))
        }
        keepFirstSteps(played.stepsBefore.first ?? transcript.steps.count)
        played = PlayedItems()
        swift.restartHost()
        return await playRun(file, played: &played)
    }

    /// One statement of the file as an input: its errors are printed as at the prompt, at the
    /// file's line and column (it is a node of the file's tree). Its column (PlayColumn) is
    /// counted from its first line.
    private func runPlayedItem(_ item: SwiftItem) async -> (ran: Bool, results: [LineResult]) {
        // Piped, values are shown as the prompt shows them, not made a column.
        if drawsPlayScreen, PlayColumn.runsWithResults(item), compiledPathAvailable {
            var results: [LineResult] = []
            let ran = await runReportingFailure { try await runWithResults(item, results: &results) }
            return (ran, results)
        }
        let (ran, output) = await capturingOutput { await runReportingFailure { try await runSwift([item]) } }
        return (ran, ran ? PlayColumn.results(ofOutput: output, for: item) : [])
    }

    /// What `work` returned, and what it printed, which still reaches the console.
    private func capturingOutput<T>(_ work: () async -> T) async -> (T, String) {
        let copy = console.startCopy()
        let result = await work()
        return (result, console.endCopy(copy))
    }

    /// Whether `play` draws its screen (at a terminal): the runs' values are its column then.
    var drawsPlayScreen: Bool { isInteractive && console.isTerminal }

    /// What the statements below `line` had when they last ran, at their lines now. They are read
    /// from the text below it alone: after an error the parser may take the rest of the file as
    /// code it could not place.
    private func staleResults(below line: Int, of text: String, played: PlayedItems) -> [LineResult] {
        let rest = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst(line).joined(separator: "\n")
        guard let file = try? SwiftFile(guarded: rest) else { return [] }
        return file.items.flatMap { item in played.earlierResults(of: item, at: line + file.firstLine(of: item)) }
    }

    private func showSyntaxError(_ line: Int, _ column: Int, _ message: String, in text: String, name: String) -> PlayOutcome {
        console.failure(CompileError(file: name, line: line, column: column, message: message,
                                     sourceLine: CompileError.line(line, of: text)))
        var outcome = PlayOutcome(text: text, status: "nothing ran: fix the error and save (q leaves)", style: .yellow)
        outcome.failedLine = line
        return outcome
    }

    /// `line 4` or `lines 9–12`.
    static func lines(_ first: Int, _ last: Int) -> String {
        first == last ? "line \(first)" : "lines \(first)–\(last)"
    }

    /// The file's modification time as `12:03:07`.
    static func clockTime(of file: URL) -> String {
        let date = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? Date()
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
