import Foundation
import LineEditor
import Playgrounds
import Sandbox
import WorkbenchKit
import WorkbenchScript

extension ReplayCommand {
    /// `replay NAME.playground`: every page, as `workbench replay` runs them; the session is left as it was.
    @MainActor
    func runPlayground(_ request: ReplayRequest, session: Session) async throws {
        let bundle = try PlaygroundBundle.open(URL(fileURLWithPath: request.target))
        var replay = PlaygroundReplay(bundle: bundle, console: session.console, sandboxURL: session.sandboxURL,
                                      environment: session.workbench.environment)
        replay.configure(request)
        replay.languageMode = bundle.languageMode ?? session.languageMode
        replay.interrupted = { Interrupt.isPending }
        (replay.offlineRoutes, replay.prepare) = Self.routing(in: session)
        replay.resultsShown = { session.lastResults = $0 }
        let outcome = await replay.run()
        if outcome.failures > 0 {
            throw UsageError("\(outcome.failures) of \(bundle.pages.count) \(bundle.pages.count == 1 ? "page" : "pages") of \(bundle.url.lastPathComponent) failed")
        }
    }
}

extension PlaygroundBundle {
    /// The mode its `swift-version` attribute names (Xcode 16 writes one); nil when it names none.
    var languageMode: SwiftLanguageMode? {
        format.attributes["swift-version"].flatMap { SwiftLanguageMode(typed: $0) }
    }
}

extension PlaygroundReplay {
    mutating func configure(_ request: ReplayRequest) {
        step = request.step
        check = request.check
        results = request.results
        terminalWidth = TerminalWidth.current()
    }
}

extension ReplayRequest {
    /// `workbench replay NAME.playground`: the exit status is 1 when the bundle cannot be read or a page failed.
    @MainActor
    func runPlaygroundFromShell(sandbox: Sandbox?, offline: Bool) async -> Int32 {
        let bundle: PlaygroundBundle
        do {
            bundle = try PlaygroundBundle.open(URL(fileURLWithPath: target))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
        var replay = PlaygroundReplay(bundle: bundle, console: Console.standard, sandboxURL: sandbox?.baseURL, environment: .repl)
        replay.configure(self)
        let offlineSandbox = offline ? sandbox?.baseURL : nil
        replay.offlineRoutes = offline ? OfflineRouting.routes : []
        replay.prepare = { workbench in workbench.routeOffline(through: offlineSandbox) }
        let outcome = await replay.run()
        return outcome.failures > 0 ? 1 : 0
    }
}
