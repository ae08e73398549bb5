import Foundation
import LineEditor
import Sandbox
import WorkbenchKit
import WorkbenchScript

/// `replay NAME|PATH … [OPTIONS]`: runs each snippet's statements here, printing each one.
/// `ReplayRequest` reads the words; the options are `ReplayOption.all`.
struct ReplayCommand: Command {
    let name = "replay"
    let operands = "NAME|PATH|PATH.playground|PATH.ipynb …"
    var options: [CommandOption] { ReplayOption.all.map(\.option) }
    let summary = "run a snippet statement by statement, showing each one and its result"
    let help = """
        Reads Snippets/NAME.swift (or the file at PATH), and runs its statements one by one as
        the prompt would, printing each statement (dimmed) and then its result. Requests go to
        this session's sandbox where the snippet starts one. With --step it waits for Enter
        before each statement (type q to stop) — the classroom mode. With --check it stops at
        the first failing statement. Several snippets (`replay a b`, `replay Snippets/*.swift`)
        replay one after the other; with --dir DIR, a NAME is DIR/NAME.swift instead.
        --junit FILE writes a JUnit XML report of the run and --tap FILE a TAP report, as CI
        reads them: one test case per snippet, each failing statement with its line and message.
        With --results the snippet is compiled as a playground
        and its source is shown with a results column on the right, as Xcode shows one: each
        line's last value (`total = 3`), `(N times)` for a line that ran more than once, and
        what a print wrote where it printed; with --step as well, Enter runs the next statement
        and fills in its column. Your own session is left as it was.
        A PATH.playground is an Xcode playground: its pages run one after the other, each its
        own program, their markup rendered (┃) before the code it precedes; with --step, a
        page's name, n or p at any statement moves to that page (`help open` says more).
        A PATH.ipynb is a Jupyter notebook: its code cells run in order in a session of their
        own, as the Workbench kernel runs them, each echoed first; with --check, each cell's
        output must be the one the notebook holds (a request's duration aside), and the replay
        stops at the first cell that differs or fails. --junit and --tap report it as one case.
        A .swift file with #Playground blocks (Xcode's Playgrounds macro) runs as one program
        too: the code outside the blocks as written, each block's body in a scope of its own,
        in the file's order, after a line that names it (an unnamed block by its number).
        Swift: none (it runs a snippet; `swift run NAME` runs it compiled)

        Examples:
          wb> replay borders --step
          wb> replay borders --results
          wb> replay Snippets/jokes.swift --check
          wb> replay Snippets/*.swift --check --junit report.xml
          wb> replay Networking.playground --step
          wb> replay lesson.ipynb --check
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        let names = SnippetsFolder.snippets(in: SnippetsFolder.directory(nil)).map { $0.deletingPathExtension().lastPathComponent }
        return names + OpenCommand.openableFiles() + options.map(\.name)
    }

    /// What a replay here takes from the session: offline mode's routes, and how each `Workbench`
    /// the replay makes follows them and Ctrl-C.
    @MainActor
    static func routing(in session: Session) -> (routes: [OfflineRoute], prepare: (Workbench) -> Void) {
        let offline = session.offline
        let sandboxURL = session.sandboxURL
        return (offline ? OfflineRouting.routes : [], { workbench in
            workbench.interruptRequested = { Interrupt.isPending }
            workbench.routeOffline(through: offline ? sandboxURL : nil)
        })
    }

    func run(_ arguments: String, session: Session) async throws {
        let words = try Arguments.split(arguments)
        if words.count == 1, let path = words.first, path.hasSuffix(".http") || path.hasSuffix(".rest") {
            return try await session.replayHTTPFile(path)
        }
        let request = try ReplayRequest(words: words)
        if request.isPlayground { return try await runPlayground(request, session: session) }
        if request.isNotebook { return try await runNotebook(request, session: session) }
        try request.checkReportPaths()
        let console = session.console
        let run = try await request.replaySnippets(console: console, sandboxURL: session.sandboxURL,
                                                   environment: session.workbench.environment, configure: { replay in
            replay.interrupted = { Interrupt.isPending }
            (replay.offlineRoutes, replay.prepare) = Self.routing(in: session)
            replay.resultsShown = { session.lastResults = $0 }
        }, unreadable: { error in
            // A lone snippet that cannot be read is the command's own error line.
            guard request.targets.count > 1 || request.writesReports else { throw error }
            console.failure("error: " + ErrorLine.oneLine("\(error)"))
        })
        try request.writeReports(run.report, on: console)
        if let summary = ReplayRequest.summary(of: run.report) {
            guard !ReplayRequest.anyFailed(run.report) else { throw UsageError(summary) }
            console.line(summary)
        } else if let only = run.report.cases.first {
            if case .error = only.result { throw AlreadyReported() }
            if let outcome = run.lastOutcome, outcome.failures > 0 {
                let fileName = (only.file as NSString).lastPathComponent
                throw UsageError("\(outcome.failures) of \(outcome.stepsRun) statements of \(fileName) failed")
            }
        }
    }
}
