import Foundation
import LineEditor
import ToolProcesses
import WorkbenchKit
import WorkbenchScript

/// How `workbench` starts the REPL: banner, session, line editor, loop.
public enum Startup {
    public static let version = "0.1.0"

    /// What the command line asked for.
    public struct Options: Sendable {
        public var historyFile: URL? = HistoryStore.defaultLocation()
        /// Start the embedded sandbox (the default).
        public var sandbox = true
        /// Answer requests to the real APIs' hosts from the sandbox.
        public var offline = false
        /// An OpenAPI document to load first, as `spec SOURCE` would (`--spec`).
        public var spec: String?
        /// A playground bundle to open first, as `open PATH` would (`workbench open PATH`).
        public var playground: String?
        /// A Swift file to play first, as `play FILE` would (`workbench play FILE`).
        public var play: String?
        /// The `#Playground` block of `play`'s file to play, as `play FILE --block NAME` would.
        public var playBlock: String?
        /// The language mode compiled Swift is checked in (`--swift 6`).
        public var languageMode = SwiftLanguageMode.swift5

        public init() {}

        /// `--swift 6`: false when `typed` names no language mode.
        public mutating func chooseLanguageMode(_ typed: String) -> Bool {
            guard let mode = SwiftLanguageMode(typed: typed) else { return false }
            languageMode = mode
            return true
        }

        /// The options of a command line made only of the REPL's own flags, each at most once
        /// (`--no-sandbox`, `--offline`, not both); nil for anything else, which ArgumentParser reads.
        public init?(plainArguments arguments: some Collection<String>) {
            guard Set(arguments).count == arguments.count,
                  arguments.allSatisfy({ $0 == "--no-sandbox" || $0 == "--offline" }) else { return nil }
            sandbox = !arguments.contains("--no-sandbox")
            offline = arguments.contains("--offline")
            if offline && !sandbox { return nil }
        }
    }

    /// SIGTERM and SIGHUP stop the programs Workbench started before they end it (`EndingSignals`).
    public static func stopStartedProgramsWhenEnded() { EndingSignals.install() }

    /// Runs the REPL until `quit` or end of input; returns the process exit status.
    ///
    /// Interactive runs always exit 0; piped runs exit 1 when any input failed, so scripts can rely on it.
    @MainActor
    public static func runREPL(_ options: Options = Options()) async -> Int32 {
        let editor = LineEditor(historyFile: options.historyFile)
        editor.editFolder = { ProcessScratchFolder.url }
        let session = Session(isInteractive: editor.isInteractive)
        session.unreadLine = { editor.unread($0) }
        session.waitingLine = { editor.waitingLine() }
        session.offline = options.offline
        session.languageMode = options.languageMode
        drawImages(on: session.console, environment: ProcessInfo.processInfo.environment, typedAhead: editor.typedAhead)
        let output = editor.asynchronousOutput
        session.asynchronousOutput = { output.write($0) }
        if options.sandbox { SandboxLauncher.launch(for: session, deferred: !editor.isInteractive) }
        if editor.isInteractive {
            session.console.line(banner(session))
            // While the user reads and types; a piped script would only wait for it.
            session.swift.warmUp()
        }
        // As if typed first: it is in the transcript, and a failure is one line before the prompt.
        var loaded = true
        if let spec = options.spec { loaded = await session.evaluate("spec " + Arguments.quoted(spec)) }
        if let playground = options.playground { loaded = await session.evaluate("open " + Arguments.quoted(playground)) && loaded }
        if let play = options.play {
            let block = options.playBlock.map { " --block " + Arguments.quoted($0) } ?? ""
            loaded = await session.evaluate("play " + Arguments.quoted(play) + block) && loaded
        }
        let succeeded = await ReadEvalPrintLoop(session: session, editor: editor).run() && loaded
        session.swiftRunner?.close()
        OpenPlayground.removeFolders()
        // The sandbox is not shut down gracefully: the process exit ends it, and waiting for a
        // server that may still be starting would put milliseconds on every `quit`.
        return editor.isInteractive || succeeded ? 0 : 1
    }

    /// A terminal's console draws image bodies as `WORKBENCH_IMAGES` says (a `set images` value),
    /// else as the terminal answers when first asked.
    static func drawImages(on console: Console, environment: [String: String], typedAhead: TypedAheadKeys) {
        guard console.isTerminal else { return }
        console.imageDisplay = .detect
        if let chosen = environment["WORKBENCH_IMAGES"] {
            if let display = ImageDisplay(chosen.lowercased()) {
                console.imageDisplay = display
            } else {
                console.line(console.styled("WORKBENCH_IMAGES='\(chosen)' is not auto, kitty, iterm, sixel, blocks or off: auto it is", .yellow))
            }
        }
        // A slow link (ssh far away) can be given longer to answer: WORKBENCH_TERMINAL_WAIT seconds.
        let wait = environment["WORKBENCH_TERMINAL_WAIT"].flatMap(Double.init).map { Duration.milliseconds(Int(min(max($0, 0.1), 60) * 1000)) }
        console.graphicsDetector = {
            TerminalGraphicsQuery.ask(environment: environment, timeout: wait ?? .seconds(3), typed: { typedAhead.add($0) })
        }
    }

    @MainActor
    static func banner(_ session: Session) -> String {
        var parts = ["Workbench \(version.dropLast(2))"]
        if let url = session.sandboxURL {
            parts.append("sandbox API on \(url.absoluteString)" + (session.offline ? " (offline mode)" : ""))
        }
        parts.append("`help` lists commands")
        return parts.joined(separator: " · ")
    }
}
