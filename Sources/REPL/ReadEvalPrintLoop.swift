import Foundation
import LineEditor
import WorkbenchKit

/// Read an input, run it, print the result or the error, repeat.
@MainActor
public struct ReadEvalPrintLoop {
    let session: Session
    let editor: LineEditor

    public init(session: Session, editor: LineEditor) {
        self.session = session
        self.editor = editor
        editor.completer = { [session] before in
            MainActor.assumeIsolated { session.completions(before: before) }
        }
        editor.historyFilter = { [session] text in
            MainActor.assumeIsolated { session.historyEntry(for: text) }
        }
        let rules = ContinuationRules(swift: session.swiftReader) { [session] text in MainActor.assumeIsolated { session.reading(of: text).invocation } }
        editor.completeness = { text in MainActor.assumeIsolated { rules.completeness(of: text) } }
        editor.firstContinuationHint = session.console.styled("(Ctrl-C cancels the input)", .dim)
        let kept = HistoryEntry.describe(bytes: HistoryEntry.keptHead)
        editor.largeInputHint = { [session] size in
            MainActor.assumeIsolated {
                session.console.styled(
                    "(a \(size) input: history keeps its first \(kept) · a document this large is quicker from a file: `json @FILE`)",
                    .dim)
            }
        }
    }

    /// Runs until `quit` or end of input; returns whether every input succeeded.
    public func run() async -> Bool {
        var failures = 0
        while !session.quitRequested {
            session.console.flush()
            editor.prompt = session.prompt
            switch editor.read() {
            case .endOfInput: session.quitRequested = true
            case .interrupted:
                // Ctrl-C at an empty prompt stops what earlier Swift inputs left running (`stop`).
                if editor.interruptedAtEmptyPrompt { await session.stopWorkLeftRunning(sayingNothingStopped: false) }
            case .input(let text): if await !session.evaluate(text) { failures += 1 }
            }
        }
        session.console.flush()
        return failures == 0
    }
}

extension Session {
    /// What history keeps of an input: a request command's secrets masked, anything else
    /// (Swift above all) exactly as typed. Dispatch is decided as `evaluate` decides it.
    func historyEntry(for text: String) -> String {
        historyEntry(for: text, reading: reading(of: text))
    }

    private func historyEntry(for text: String, reading: InputReading) -> String {
        reading.invocation?.command.argumentsMayHoldSecrets == true ? HistoryRedaction.redact(text) : text
    }

    /// Runs one input, printing errors as one line; returns whether it succeeded.
    public func evaluate(_ text: String) async -> Bool {
        let input = text.trimmingWhitespace()
        if ShownInputs.prose(in: input) != nil {
            // Playground markup typed at the prompt is the handout's prose (`export notebook`).
            shownInputs.record(.init(typed: input, isSwift: false, output: "", cut: false,
                                     stepsBefore: transcript.steps.count, stepsAfter: transcript.steps.count))
            return true
        }
        guard !input.isEmpty, !Self.holdsOnlyComments(input) else { return true }
        // Comment lines before a command (an input written in the editor): the command after them.
        // Before Swift they stay, as a comment does in a file (an error's line counts them).
        if input.hasPrefix("//"), let command = Self.afterLeadingComments(input), reading(of: command).invocation != nil {
            return await evaluate(command)
        }
        let reading = reading(of: input)
        // The run may declare a name that makes the same text read otherwise next time.
        defer { lastReading = nil }
        let name = String(input.prefix { !$0.isWhitespace })
        if let start = deferredSandboxStart, !(reading.invocation?.command is QuitCommand) {
            deferredSandboxStart = nil
            start()
        }
        // Only the first input can find the sandbox still starting (it takes a few milliseconds).
        if let startup = sandboxStartup { await startup.value }
        currentInput = input
        statementsSource = reading.invocation?.argumentsRange(in: input)
        // A Ctrl-C from before this input is not meant for it; one from now on stops all of it.
        Interrupt.clear()
        let stepsBefore = transcript.steps.count
        let recordsBefore = shownInputs.recordCount
        let copy = console.startCopy(limit: ShownInputs.limit)
        let succeeded = await runReportingFailure {
            switch reading.kind {
            case .command(let invocation):
                try await invocation.run(in: self)
            case .unknownCommand(let word):
                throw UsageError("unknown command '\(ErrorLine.echo(word))' after ':' ('help' lists commands)")
            case .swift:
                if reading.swiftNameShadowsCommand { noteShadowedCommand(input) }
                if try await !evaluateSwift(input) {
                    let hint = commands.suggestion(for: name).map { ", did you mean '\($0)'?" } ?? ""
                    throw UsageError("unknown command '\(ErrorLine.echo(name))'\(hint) ('help' lists commands)")
                }
            }
        }
        let output = console.endCopy(copy)
        recordShown(reading, output: output, cut: copy.copyWasCut, stepsBefore: stepsBefore,
                    succeeded: succeeded, ranOthers: shownInputs.recordCount != recordsBefore)
        return succeeded
    }

    /// Whether every line of `input` is a `//` comment or blank: nothing to run.
    static func holdsOnlyComments(_ input: String) -> Bool {
        input.split(whereSeparator: \.isNewline).allSatisfy { line in
            let text = line.drop { $0.isWhitespace }
            return text.isEmpty || text.hasPrefix("//")
        }
    }

    /// `input` from its first line that is not a `//` comment or blank on; nil when there is none.
    static func afterLeadingComments(_ input: String) -> String? {
        let lines = input.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let rest = lines.drop { line in
            let text = line.drop { $0.isWhitespace }
            return text.isEmpty || text.hasPrefix("//")
        }
        return rest.isEmpty ? nil : rest.joined(separator: "\n")
    }

    /// Keeps `input` for the exports when it added steps, or set the session up, and succeeded;
    /// not when it ran inputs that were kept themselves (`edit`).
    private func recordShown(_ reading: InputReading, output: String, cut: Bool, stepsBefore: Int,
                             succeeded: Bool, ranOthers: Bool) {
        let input = reading.input
        let word = String(input.prefix { !$0.isWhitespace })
        let command = reading.invocation?.command.name
        guard succeeded, !ranOthers, !ShownInputs.unrecorded.contains(command ?? word) else { return }
        guard transcript.steps.count > stepsBefore || command.map(ShownInputs.setUpCommands.contains) == true else { return }
        shownInputs.record(.init(typed: historyEntry(for: input, reading: reading), isSwift: reading.invocation == nil, output: output, cut: cut,
                                 stepsBefore: stepsBefore, stepsAfter: transcript.steps.count))
    }

    /// What every input starts from: values shown by an earlier input that failed part-way belong
    /// to no step, and the requests work left running made since the last input are in the history.
    func beginInput() {
        workbench.shownValues = []
        swiftRunner?.joinSessionRequests()
    }

    /// Runs one input's work (typed, or a statement `play` runs), printing its failure as one line;
    /// returns whether it succeeded.
    func runReportingFailure(_ work: () async throws -> Void) async -> Bool {
        beginInput()
        do {
            try await work()
            return true
        } catch is AlreadyReported {
            return false
        } catch WorkbenchError.cancelled {
            // Ctrl-C during a send, however it was typed (a command, `wb.…`): the request stopped
            // and the session goes on, so it is not a failure.
            console.line(console.styled("cancelled", .yellow))
            return true
        } catch let error as WorkbenchError {
            reportError(error.lineWithOfflineHint(offline: offline))
            return false
        } catch {
            reportError("\(error)")
            return false
        }
    }

    /// Prints `error: MESSAGE` as one line, whatever input the message quotes.
    func reportError(_ message: String) {
        console.failure("error: " + ErrorLine.oneLine(message))
    }
}
