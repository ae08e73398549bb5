import Foundation
import Sandbox
import WorkbenchKit
import WorkbenchScript
import WorkbenchSpec

extension ReplayRequest {
    /// `workbench replay`: starts a sandbox in this process, replays each snippet, writes the
    /// reports asked for, and returns the exit status (1 when a snippet cannot be read, a statement
    /// failed or a report cannot be written; `check` only stops a snippet at its first failure).
    @MainActor
    public func runFromShell(startSandbox: Bool = true, offline: Bool = false) async -> Int32 {
        if isNotebook || isPlayground {
            let sandbox = startSandbox ? try? await Sandbox.start() : nil
            if startSandbox && sandbox == nil { Self.standardError("warning: the sandbox could not start") }
            let status = isNotebook ? await runNotebookFromShell(sandbox: sandbox, offline: offline)
                                    : await runPlaygroundFromShell(sandbox: sandbox, offline: offline)
            await sandbox?.stop()
            return status
        }
        do {
            try checkReportPaths()
        } catch {
            Self.standardError("error: \(error)")
            return 1
        }
        var sandbox: Sandbox?
        if startSandbox {
            do {
                sandbox = try await Sandbox.start()
            } catch {
                Self.standardError("warning: the sandbox could not start (\(error))")
            }
        }
        let offlineSandbox = offline ? sandbox?.baseURL : nil
        let console = Console.standard
        // A snippet's `wb.spec(…)` reads its document as at the prompt.
        let run = await replaySnippets(console: console, sandboxURL: sandbox?.baseURL, environment: .repl, configure: { replay in
            replay.offlineRoutes = offline ? OfflineRouting.routes : []
            replay.prepare = { workbench in workbench.routeOffline(through: offlineSandbox) }
        }, unreadable: { error in Self.standardError("error: \(error)") })
        await sandbox?.stop()
        var status: Int32 = Self.anyFailed(run.report) ? 1 : 0
        if let summary = Self.summary(of: run.report) {
            console.line(summary)
            console.flush()
        }
        do {
            try writeReports(run.report, on: console)
        } catch {
            Self.standardError("error: \(error)")
            status = 1
        }
        return status
    }

    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
