import Foundation
import LineEditor
import Sandbox
import WorkbenchKit
import WorkbenchScript

/// `replay NAME|PATH [--step] [--check] [--results]`: runs a snippet's statements here, printing each one.
struct ReplayCommand: Command {
    let name = "replay"
    let synopsis = "replay NAME|PATH|PATH.playground [--step] [--check] [--results] [--dir DIR]"
    let summary = "run a snippet statement by statement, showing each one and its result"
    let help = """
        Reads Snippets/NAME.swift (or the file at PATH), and runs its statements one by one as
        the prompt would, printing each statement (dimmed) and then its result. Requests go to
        this session's sandbox where the snippet starts one. With --step it waits for Enter
        before each statement (type q to stop) — the classroom mode. With --check it stops at
        the first failing statement. With --results the snippet is compiled as a playground
        and its source is shown with a results column on the right, as Xcode shows one: each
        line's last value (`total = 3`), `(N times)` for a line that ran more than once, and
        what a print wrote where it printed; with --step as well, Enter runs the next statement
        and fills in its column. Your own session is left as it was.
        A PATH.playground is an Xcode playground: its pages run one after the other, each its
        own program, their markup rendered (┃) before the code it precedes; with --step, a
        page's name, n or p at any statement moves to that page (`help open` says more).
        Swift: none (it runs a snippet; `swift run NAME` runs it compiled)

        Examples:
          wb> replay borders --step
          wb> replay borders --results
          wb> replay Snippets/jokes.swift --check
          wb> replay Networking.playground --step
        """
    let group = CommandGroup.snippets

    func complete(_ words: [String], session: Session) -> [String] {
        let names = SnippetsFolder.snippets(in: SnippetsFolder.directory(nil)).map { $0.deletingPathExtension().lastPathComponent }
        return names + OpenCommand.playgrounds() + ["--step", "--check", "--results"]
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
        let request = try ReplayRequest(words: try Arguments.split(arguments))
        if request.isPlayground { return try await runPlayground(request, session: session) }
        let script = try request.load()
        var replay = SnippetReplay(script: script, console: session.console, sandboxURL: session.sandboxURL)
        replay.step = request.step
        replay.check = request.check
        replay.resultsColumn = request.results
        replay.terminalWidth = TerminalWidth.current()
        replay.interrupted = { Interrupt.isPending }
        (replay.offlineRoutes, replay.prepare) = Self.routing(in: session)
        let outcome = await replay.run()
        if outcome.failures > 0 {
            throw UsageError("\(outcome.failures) of \(outcome.stepsRun) statements of \(script.fileName) failed")
        }
    }
}

/// `NAME|PATH [--step] [--check] [--results] [--dir DIR]`, shared by the `replay` command and `workbench replay`.
public struct ReplayRequest {
    public var target: String
    public var step = false
    public var check = false
    /// Show the source with the results column (the snippet compiled as a playground).
    public var results = false
    public var directory: String?

    public init(target: String, step: Bool = false, check: Bool = false, results: Bool = false, directory: String? = nil) {
        self.target = target
        self.step = step
        self.check = check
        self.results = results
        self.directory = directory
    }

    init(words: [String]) throws {
        var target: String?
        var index = 0
        var step = false, check = false, results = false
        var directory: String?
        while index < words.count {
            switch words[index] {
            case "--step": step = true
            case "--check": check = true
            case "--results": results = true
            case "--dir":
                guard index + 1 < words.count else { throw UsageError("--dir needs a directory") }
                directory = words[index + 1]
                index += 1
            case let word where word.hasPrefix("--"): throw UsageError("unknown option '\(word)' (replay takes --step, --check, --results and --dir DIR)")
            case let word:
                guard target == nil else { throw UsageError("replay takes one snippet; '\(word)' is one too many") }
                target = word
            }
            index += 1
        }
        guard let target else { throw UsageError("which snippet? `replay NAME` (`snippets` lists them)") }
        self.init(target: target, step: step, check: check, results: results, directory: directory)
    }

    /// Whether the target is an Xcode playground bundle (`NAME.playground`).
    public var isPlayground: Bool {
        var path = target
        while path.hasSuffix("/") { path.removeLast() }
        return path.hasSuffix(".playground")
    }

    /// The snippet parsed; a missing file or a syntax error is one line.
    public func load() throws -> SnippetScript {
        let file = SnippetsFolder.file(for: target, directory: SnippetsFolder.directory(directory))
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw UsageError("no snippet '\(target)': \(SnippetsFolder.display(file)) does not exist (`snippets` lists them)")
        }
        return try SnippetScript.load(file)
    }
}
