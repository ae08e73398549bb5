import Foundation

/// What a library the Swift host loads calls (HostRuntime+Host.swift): each input first catches
/// up, quietly, on the session's steps the host has not run, their requests answered from a
/// recording (`step(N)` before each), then runs live; values are shown with `show`.
@MainActor
public enum HostRuntime {
    static var relay: PromptRelay?
    static var workbench: Workbench?
    static var liveOutput: (output: Int32, error: Int32)?
    /// Whether expressions show their values (at the prompt) or print only what they print (replay).
    static var showsResults = true
    /// How many of the input's units run (`PromptSettings.liveUnitsToRun`); nil: all.
    static var liveUnitsToRun: Int?

    /// Gives `wb` the REPL's transport options, body lines, pictures, sandbox, offline routes and cookies.
    static func configure(_ wb: Workbench, with settings: PromptSettings) {
        wb.options = settings.options
        wb.bodyLines = settings.bodyLines
        wb.console.imageDisplay = settings.imageGraphics.map { .drawn($0) } ?? .line
        wb.console.canvasOverride = settings.canvas
        wb.showsSpinner = false  // the REPL's own terminal is not this program's
        wb.sandboxURL = settings.sandboxURL
        wb.cookieJar.replace(with: settings.cookies)
        HostOfflineRoutes.set(sandbox: settings.sandboxURL, routes: settings.offlineRoutes)
        if let sandbox = settings.sandboxURL, !settings.offlineRoutes.isEmpty {
            let routes = settings.offlineRoutes
            wb.urlRewriter = { OfflineRoute.sandboxURL(for: $0, sandbox: sandbox, routes: routes) }
        } else {
            wb.urlRewriter = nil
        }
    }

    /// Ends the host once the REPL that started it is gone. The REPL ends a host it stops; a REPL
    /// that is itself killed (SIGKILL) cannot, and a runaway loop would spin on.
    static func endWhenOrphaned() {
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { usleep(200_000) }
            _exit(137)
        }
    }

    /// Earlier input `number` begins (so a failure there can be told apart from one in the new input).
    /// Nonisolated: a Swift 5 input that does not await calls it outside the main actor, on the
    /// main thread (HostRuntime+Host.swift).
    public nonisolated static func step(_ number: Int) {
        MainActor.assumeIsolated { relay?.report(.step(number)) }
    }

    /// Unit `index` (0-based) of an input of several steps begins (`play` runs the statements below
    /// a change as one input, each a step of its own): so a failure is told apart from the units
    /// before it, which ran. When the REPL runs only the units before it (a rebuild of such an
    /// input that stopped, or was cut, there), the input ends here as if it had ended.
    public nonisolated static func liveUnit(_ index: Int) throws {
        try MainActor.assumeIsolated {
            if let limit = liveUnitsToRun, index >= limit { throw UnitsEnded() }
            relay?.report(.liveUnit(index))
        }
    }

    /// Thrown by `liveUnit` where the units that run end; not a failure.
    struct UnitsEnded: Error {}
}
