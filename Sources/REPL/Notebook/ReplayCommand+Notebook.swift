import Foundation
import ReplayReports
import Sandbox
import WorkbenchKit
import WorkbenchScript

extension ReplayCommand {
    /// `replay X.ipynb` at the prompt: the session is left as it was (the cells run in their own).
    @MainActor
    func runNotebook(_ request: ReplayRequest, session: Session) async throws {
        try request.checkReportPaths()
        var replay = NotebookReplay(notebook: try NotebookFile.read(request.target))
        replay.check = request.check
        replay.languageMode = session.languageMode
        let result = await replay.run(console: session.console, sandboxURL: session.sandboxURL, offline: session.offline)
        var report = CheckReport()
        report.cases = [result]
        try request.writeReports(report, on: session.console)
        if !result.passed { throw AlreadyReported() }
    }
}

extension ReplayRequest {
    /// Whether the target is a Jupyter notebook (`NAME.ipynb`).
    public var isNotebook: Bool { targets.count == 1 && NotebookFile.isNotebook(target) }

    /// `workbench replay X.ipynb`: the exit status is 1 when the notebook cannot be read or a cell failed.
    @MainActor
    func runNotebookFromShell(sandbox: Sandbox?, offline: Bool) async -> Int32 {
        do {
            try checkReportPaths()
            var replay = NotebookReplay(notebook: try NotebookFile.read(target))
            replay.check = check
            let result = await replay.run(console: Console.standard, sandboxURL: sandbox?.baseURL, offline: offline)
            var report = CheckReport()
            report.cases = [result]
            try writeReports(report, on: Console.standard)
            Console.standard.flush()
            return result.passed ? 0 : 1
        } catch {
            Console.standard.flush()
            Self.standardError("error: \(error)")
            return 1
        }
    }
}
