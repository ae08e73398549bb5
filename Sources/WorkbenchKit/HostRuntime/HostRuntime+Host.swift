import Foundation

/// What an input loaded into the prompt's Swift host calls (docs/ARCHITECTURE.md, "The Swift
/// host"). Each input is a shared library with two entry points: one that catches up, quietly, on
/// the steps the fast path ran since the host last ran (commands, decodes), and one for the input
/// itself. Both run on the host's main thread, as top-level code runs on the main actor.
extension HostRuntime {
    /// Runs one entry point's body: reads the REPL's settings and the recording of the sends to
    /// answer, runs `body` quietly (catching up, or the whole session being rebuilt) or live, and
    /// reports what happened. Returns 0 when the body ran to its end, 1 when it threw.
    public nonisolated static func runHostInput(quietly catchingUp: Bool, _ body: @MainActor () throws -> Void) -> Int32 {
        MainActor.assumeIsolated {
            let quiet = beginHostInput(catchingUp: catchingUp)
            do {
                try body()
                return endHostInput(quiet: quiet, thrown: nil)
            } catch {
                return endHostInput(quiet: quiet, thrown: error)
            }
        }
    }

    /// `runHostInput` for a body in Swift 5 mode that does not await: it runs outside the main
    /// actor, as a Swift 5 program's top-level code that does not await runs (on the main thread).
    /// (A name of its own: as an overload, a trailing closure could pick it in Swift 6 mode too.)
    public nonisolated static func runHostInputOutsideMainActor(quietly catchingUp: Bool, _ body: () throws -> Void) -> Int32 {
        let quiet = MainActor.assumeIsolated { beginHostInput(catchingUp: catchingUp) }
        do {
            try body()
            return MainActor.assumeIsolated { endHostInput(quiet: quiet, thrown: nil) }
        } catch {
            return MainActor.assumeIsolated { endHostInput(quiet: quiet, thrown: error) }
        }
    }

    /// `runHostInput` for a body that awaits: it runs as a main-actor task while this thread serves
    /// the main queue (the run loop), so `await` inside can resume here.
    public nonisolated static func runHostInput(quietly catchingUp: Bool, async body: @escaping @MainActor () async throws -> Void) -> Int32 {
        MainActor.assumeIsolated {
            let quiet = beginHostInput(catchingUp: catchingUp)
            let run = AsyncRun()
            Task { @MainActor in
                let outcome: Result<Void, any Error>
                do {
                    try await body()
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                // A `wb.events` loop the input left asked its request to stop: the exchange is the input's.
                await workbench?.awaitEndedEventStreams()
                run.outcome = outcome
            }
            while run.outcome == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
            if case .failure(let error) = run.outcome { return endHostInput(quiet: quiet, thrown: error) }
            return endHostInput(quiet: quiet, thrown: nil)
        }
    }

    /// The host's `wb`: made on the first input, kept for the host's life, so its history and
    /// request carry over from input to input as in the REPL.
    public static var hostWorkbench: Workbench {
        if let workbench { return workbench }
        MainBundle.redirectFromEnvironment()
        let settings = PromptFiles.current.settings
        let wb = Workbench(sandbox: settings.sandboxURL, console: Console(fileDescriptor: STDOUT_FILENO, terminal: settings.terminal,
                                                                                      colors: settings.colors, marksTransient: true))
        wb.interruptRequested = { HostInterrupt.isPending }
        HostInterrupt.install()
        endWhenOrphaned()
        workbench = wb
        return wb
    }

    private static func beginHostInput(catchingUp: Bool) -> Bool {
        // An input that trapped never reached `endHostInput` (the host jumped back past it): a quiet
        // one left standard output silenced, and the next input's output was lost.
        if let saved = liveOutput { QuietOutput.restore(saved) }
        liveOutput = nil
        let files = PromptFiles.current
        let settings = files.settings
        let quiet = catchingUp || settings.rebuilding
        let relay = PromptRelay(recording: files.recording, results: files.openResults(), spillFolder: files.url)
        relay.isReplaying = quiet
        Workbench.exchangeRelay = relay
        self.relay = relay
        configure(hostWorkbench, with: settings)
        // The host's `wb` lives on: the state it reports holds the values this input showed only.
        hostWorkbench.shownValues = []
        showsResults = settings.showsResults
        liveUnitsToRun = settings.liveUnitsToRun
        if quiet { liveOutput = QuietOutput.silence(errorPath: files.quietErrorsPath) }
        SessionRequests.enabled = settings.recordsSessionRequests
        SessionRequests.record(!quiet)
        relay.report(quiet ? .step(0) : .live)
        return quiet
    }

    /// What `endHostInput` does, for an input the host jumped back past when Ctrl-C stopped it where
    /// its own code ran (Sources/WorkbenchHost/stopinput.c): the next input, and the work left
    /// running meanwhile, find output live, no Ctrl-C pending and the results file closed, and the
    /// REPL takes over the request the input had built (what it changed stays changed).
    static func abandonHostInput() {
        settleHostInput()
        relay?.close()
    }

    private static func endHostInput(quiet: Bool, thrown: (any Error)?) -> Int32 {
        // Also when it threw: what the input changed before (`wb.get(URL)` set the URL, then its
        // send failed) stays in this `wb`, and the REPL's takes it over too.
        settleHostInput()
        let thrown = thrown is UnitsEnded ? nil : thrown
        if let thrown {
            relay?.report(.thrown(thrownText(thrown)))
        } else {
            relay?.report(.finished)
        }
        relay?.close()
        return thrown == nil ? 0 : 1
    }
}

extension HostRuntime {
    /// What ending an input does however it ended: no Ctrl-C pending (cleared at the end, not the
    /// start: one the REPL forwarded as the input began is for it), output flushed and live again,
    /// the session's requests recorded, and `wb`'s request handed to the REPL.
    private static func settleHostInput() {
        HostInterrupt.clear()
        workbench?.console.flush()
        fflush(nil)
        if let saved = liveOutput { QuietOutput.restore(saved) }
        liveOutput = nil
        SessionRequests.record(true)
        if let workbench { relay?.report(.state(workbench.requestState)) }
    }

    /// How an error thrown at the top level of an input reads: a URL error of the session's own
    /// `URLSession` as `get` names a failed request (`request to URL failed: host … not found`),
    /// where Foundation's description is a 400-character dictionary; anything else as Swift
    /// describes it.
    static func thrownText(_ error: any Error) -> String {
        let described = error as NSError
        guard described.domain == NSURLErrorDomain else { return String(describing: error) }
        // Foundation here puts the URL under both keys; the string one is the deprecated
        // constant's value.
        let url = (described.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString
            ?? (described.userInfo["NSErrorFailingURLStringKey"] as? String)
            ?? (error as? URLError)?.failingURL?.absoluteString ?? "?"
        return WorkbenchError.transport(error, url: url, timeout: workbench?.timeout ?? 60).description
    }
}

/// The end of an awaiting input's task, which the host's thread waits for.
@MainActor
private final class AsyncRun {
    var outcome: Result<Void, any Error>?
}

/// How a binding of an input reaches the global that keeps it. A top-level `let x = EXPR` becomes
/// a global of the input's library whose initializer takes the value the entry point handed over
/// just before first touching it: the value is computed once, in order with the input's other
/// statements, and then lives as long as the host.
public enum HostValues {
    nonisolated(unsafe) private static var handed: Any?

    /// Hands over a binding's value (computed by the entry point) to its global's initializer.
    public static func hand<T>(_ value: T) {
        handed = value
    }

    /// The value last handed over; called only by a global's initializer, right after `hand`.
    public static func take<T>(_ type: T.Type) -> T {
        defer { handed = nil }
        return handed as! T
    }

    /// `take` for a binding with a type annotation (the global's declared type).
    public static func take<T>() -> T {
        take(T.self)
    }

    /// The type of the value `body` would give, without running it: a global's declared type is
    /// inferred from the binding's own expression.
    public static func type<T>(of body: @MainActor () async throws -> T) -> T.Type {
        T.self
    }

    /// `target = value`: a top-level `guard var`'s global given the value its local ended with.
    public static func assign<T>(_ target: inout T, _ value: Any) {
        if let value = value as? T { target = value }
    }

    /// The type of the value `body`'s optional would hold: a top-level `guard let`'s global.
    public static func unwrappedType<T>(of body: @MainActor () async throws -> T?) -> T.Type {
        T.self
    }
}

/// Ctrl-C in the host: the REPL sends SIGINT to stop the input's requests; a loop is stopped where
/// its own code runs (Sources/WorkbenchHost/stopinput.c), else ended with the host (and the
/// session rebuilt).
enum HostInterrupt {
    nonisolated(unsafe) private static var pending: sig_atomic_t = 0

    static var isPending: Bool { pending != 0 }

    static func clear() {
        pending = 0
    }

    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in HostInterrupt.pending = 1 }
        action.sa_flags = SA_RESTART  // reads and waits go on; the flag is what requests poll
        sigaction(SIGINT, &action, nil)
    }
}
