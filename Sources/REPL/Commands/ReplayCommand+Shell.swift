import Foundation
import Sandbox
import WorkbenchKit
import WorkbenchScript
import WorkbenchSpec

extension ReplayRequest {
    /// `workbench replay`: starts a sandbox in this process, replays, and returns the exit status
    /// (1 when the snippet cannot be read or any statement failed; `check` only stops at the first).
    @MainActor
    public func runFromShell(startSandbox: Bool = true, offline: Bool = false) async -> Int32 {
        let console = Console.standard
        if isPlayground {
            let sandbox = startSandbox ? try? await Sandbox.start() : nil
            if startSandbox && sandbox == nil { FileHandle.standardError.write(Data("warning: the sandbox could not start\n".utf8)) }
            let status = await runPlaygroundFromShell(sandbox: sandbox, offline: offline)
            await sandbox?.stop()
            return status
        }
        let script: SnippetScript
        do {
            script = try load()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
        var sandbox: Sandbox?
        if startSandbox {
            do {
                sandbox = try await Sandbox.start()
            } catch {
                FileHandle.standardError.write(Data("warning: the sandbox could not start (\(error))\n".utf8))
            }
        }
        // A snippet's `wb.spec(…)` reads its document as at the prompt.
        Workbench.makeAPIDescriptionReader = { OpenAPIReader() }
        var replay = SnippetReplay(script: script, console: console, sandboxURL: sandbox?.baseURL)
        replay.step = step
        replay.check = check
        replay.resultsColumn = results
        replay.terminalWidth = TerminalWidth.current()
        let offlineSandbox = offline ? sandbox?.baseURL : nil
        replay.offlineRoutes = offline ? OfflineRouting.routes : []
        replay.prepare = { workbench in workbench.routeOffline(through: offlineSandbox) }
        let outcome = await replay.run()
        await sandbox?.stop()
        return outcome.failures > 0 ? 1 : 0
    }
}
