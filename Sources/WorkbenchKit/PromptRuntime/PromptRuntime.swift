import Foundation

/// What a compiled input's program calls: the prompt's compiled path runs each new input as one
/// program that first runs the session's earlier inputs again, quietly, with their requests
/// answered from a recording, then the new input live.
///
/// The program reads (in order): `let wb = PromptRuntime.start()`, then for each earlier input
/// `PromptRuntime.step(N)` and its code, then `PromptRuntime.live()`, the new input (expressions
/// wrapped in `show`, throwing statements in `orExit`), and `PromptRuntime.finish()`.
@MainActor
public enum PromptRuntime {
    static var relay: PromptRelay?
    static var workbench: Workbench?
    static var liveOutput: (output: Int32, error: Int32)?
    /// Whether expressions show their values (at the prompt) or print only what they print (replay).
    static var showsResults = true

    /// Awaited first by a compiled program: top-level code that awaits runs on the main actor, in
    /// Swift 5 mode as in Swift 6.
    public nonisolated static func enterTopLevel() async { MainBundle.redirectFromEnvironment() }

    /// The session's `wb`, set up from the REPL's settings, with output silenced and the network
    /// replaced by the recording until `live()`.
    public static func start() -> Workbench {
        endWhenOrphaned()
        QuietOutput.lineBufferStandardOutput()
        let files = PromptFiles.current
        let settings = files.settings
        let relay = PromptRelay(recording: files.recording, results: files.openResults())
        Workbench.exchangeRelay = relay
        self.relay = relay

        let console = Console(fileDescriptor: STDOUT_FILENO, terminal: settings.terminal, colors: settings.colors)
        let wb = Workbench(sandbox: settings.sandboxURL, console: console)
        configure(wb, with: settings)
        workbench = wb
        showsResults = settings.showsResults
        liveOutput = QuietOutput.silence(errorPath: files.quietErrorsPath)
        return wb
    }

    /// Gives `wb` the REPL's transport options, body lines, sandbox, offline routes and cookies.
    static func configure(_ wb: Workbench, with settings: PromptSettings) {
        wb.options = settings.options
        wb.bodyLines = settings.bodyLines
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

    /// Ends the program once the process that started it is gone. The REPL kills a program it
    /// stops; a REPL that is itself killed (SIGKILL) cannot, and a runaway loop would spin on.
    static func endWhenOrphaned() {
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { usleep(200_000) }
            _exit(137)
        }
    }

    /// Earlier input `number` begins (so a failure there can be told apart from one in the new input).
    /// Nonisolated: a Swift 5 input that does not await calls it outside the main actor, on the
    /// main thread (PromptRuntime+Host.swift).
    public nonisolated static func step(_ number: Int) {
        MainActor.assumeIsolated { relay?.report(.step(number)) }
    }

    /// The new input begins: output reaches the REPL and requests are sent.
    public static func live() {
        workbench?.console.flush()
        if let saved = liveOutput { QuietOutput.restore(saved) }
        liveOutput = nil
        relay?.isReplaying = false
        relay?.report(.live)
    }

    /// The new input ran to its end: reports `wb`'s request for the REPL to continue from.
    public static func finish() {
        runWhilePageNeedsIt()
        workbench?.console.flush()
        fflush(nil)
        if let workbench { relay?.report(.state(workbench.requestState)) }
        relay?.report(.finished)
    }

    /// In replay (where values are not shown), a page with `needsIndefiniteExecution` keeps running
    /// after its last line, as in Xcode, until `finishExecution()` (or 10 s: replay's wait for work
    /// left running, SwiftRunner.replaySettleSeconds). At the prompt the program is made again for
    /// each input, and the Swift host keeps the session running instead.
    static func runWhilePageNeedsIt() {
        guard !showsResults else { return }
        let deadline = Date(timeIntervalSinceNow: 10)
        while PlaygroundPage.current.needsIndefiniteExecution, Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
    }

    /// An error thrown at the top level of an input: reported as one line, and the program ends.
    public static func exit(after error: any Error) -> Never {
        workbench?.console.flush()
        fflush(nil)
        relay?.report(.thrown(String(describing: error)))
        Foundation.exit(1)
    }

    /// The value of `body`, or the end of the program with its error reported (see `exit(after:)`).
    public static func orExit<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            exit(after: error)
        }
    }

    /// The value of `body`, or the end of the program with its error reported (see `exit(after:)`).
    public static func orExit<T>(_ body: () async throws -> T) async -> T {
        do {
            return try await body()
        } catch {
            exit(after: error)
        }
    }
}
