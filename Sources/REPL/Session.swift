import Foundation
import LineEditor
import LineResults
import Sandbox
import SwiftPackages
import WorkbenchKit
import WorkbenchScript
import WorkbenchSpec

/// The state one REPL run works on: the console, the commands, and each area's state.
@MainActor
public final class Session {
    public let console: Console
    public let commands: CommandTable
    /// Whether a person is typing (a terminal) rather than a script being piped in.
    public let isInteractive: Bool
    /// Set by `quit`: the loop ends after the current input.
    public var quitRequested = false
    /// The embedded sandbox's base URL (known before the server finishes starting).
    public var sandboxURL: URL? {
        didSet { connectWorkbenchToSandbox() }
    }
    /// The running sandbox, once started; nil with `--no-sandbox` or when it failed.
    public var sandbox: Sandbox?
    /// The sandbox still starting; the next input waits for it.
    var sandboxStartup: Task<Void, Never>?
    /// Starts the sandbox whose port is reserved, when piped input reaches its first line that is
    /// not `quit` (SandboxLauncher).
    var deferredSandboxStart: (() -> Void)?
    /// Whether requests to the real APIs' hosts are answered by the sandbox (`--offline`).
    public var offline = false {
        didSet { connectWorkbenchToSandbox() }
    }
    /// The request being built, the exchanges so far, and the settings of the request commands.
    public let workbench: Workbench
    /// The packages `package add` built, which every compiled input may import (nil: none).
    public internal(set) var packageLibrary: PackageLibrary?
    /// The playground `open` opened, whose pages `page NAME` runs.
    var openPlayground: OpenPlayground?
    /// The Swift file of `#Playground` blocks `open` opened instead, whose blocks `page NAME` runs.
    var openBlocks: OpenBlocksFile?
    /// The `.http` file `open` read, its environments and its named requests' responses.
    var httpFiles = HTTPFileSession()
    /// The steps that succeeded, for `save` and the compiled path.
    public var transcript = Transcript()
    /// The inputs that made those steps, as typed, with what the prompt showed (the exports').
    var shownInputs = ShownInputs()
    /// Declared models and the decoder `decode` statements use.
    public let models = ModelWorkspace()
    /// Where Swift typed at the prompt runs (the interpreter or the Swift host: the runner decides),
    /// with `wb` and the values bound so far. Made on first use, and the host on its first input.
    var swift: PromptRunner {
        if let swiftRunner { return swiftRunner }
        let made = makeSwiftRunner()
        swiftRunner = made
        return made
    }
    private(set) var swiftRunner: PromptRunner?
    /// Where output printed between inputs goes (a `Task` an input left running): above the prompt
    /// at a terminal (the line editor's), standard output otherwise. Set before Swift first runs.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)? {
        // A WebSocket's messages arrive while the prompt waits, as a Swift task's output does.
        didSet { workbench.asynchronousOutput = asynchronousOutput }
    }
    /// Holds that output while `play` draws its screen, for the screen to show.
    let heldOutput = HeldOutput()
    /// Command words already said to be shadowed by a Swift name (said once each).
    var notedShadowedCommands: Set<String> = []
    /// The last input read, kept from the reader's continuation rule to its run (`InputReading`).
    var lastReading: InputReading?
    /// The reader's rule for Swift (`ContinuationRules`): the tree of the input it read last is the
    /// one the run takes.
    let swiftReader = SwiftCompleteness()
    /// The input being run, as typed (to place errors of a `\(…)` in it).
    var currentInput = ""
    /// The part of `currentInput` the running command's statements were read from: its arguments.
    var statementsSource: Range<String.Index>?
    /// `set results on`: a Swift input of several lines, or one holding a loop, runs compiled as a
    /// playground, its lines shown again with their values beside them.
    var resultsColumn = false
    /// The last results column shown (an input at the prompt, `replay --results`) with every value
    /// its lines had, for `results`; nil before the first.
    var lastResults: ResultsHistory?
    /// What an `edit` did not get to run (from the step that failed on): the next `edit` opens it.
    var unfinishedEdit: String?
    /// Gives a piped line back to the line editor, to be read as the next input (`play` reads
    /// one while it waits, and it may be the next input).
    var unreadLine: ((String) -> Void)?
    /// Piped input only: a line already waiting, or the end, read without blocking (`play`).
    var waitingLine: (() -> LineEditor.WaitingLine)?
    /// The language mode compiled Swift is checked in (`set swift`, `workbench --swift`): Swift 5,
    /// as a playground, unless asked.
    public var languageMode = SwiftLanguageMode.swift5 {
        didSet { swiftRunner?.configuration.languageMode = languageMode }
    }

    public init(console: Console = .standard, commands: CommandTable = .standard, isInteractive: Bool) {
        self.console = console
        self.commands = commands
        self.isInteractive = isInteractive
        workbench = Workbench(console: console, environment: .repl)
        // Wired once, here: every send polls Ctrl-C and every decode finds the declared models,
        // whether it came from a command, a `wb.…` statement, or replay at the prompt.
        workbench.interruptRequested = { Interrupt.isPending }
        workbench.declaredModels = models
        // `json @FILE` reads through a copy in the Swift host's directory, which the host maps when
        // it catches up on the step (docs/ARCHITECTURE.md, "The Swift host").
        workbench.documentFolder = { [unowned self] in swift.documentFolder }
    }

    /// Where a `\(…)` in the session's commands ends (Swift's lexer, from its environment).
    var interpolationEnds: (any InterpolationEnds)? { workbench.environment.interpolationEnds }

    /// Whether Ctrl-C was pressed since the current input started; long commands poll it.
    public var interruptRequested: Bool { Interrupt.isPending }

    /// The short label shown in the prompt (`wb jsonplaceholder>`); nil shows `wb>`. Computed from
    /// the workbench's request, so every path that changes it (a command, a `wb.…` statement,
    /// compiled code) moves the prompt along with it.
    public var promptLabel: String? { workbench.hostLabel }

    /// The prompt for the next input.
    public var prompt: String {
        let text = promptLabel.map { "wb \($0)>" } ?? "wb>"
        // \u{1} brackets escape codes so libedit does not count them as columns.
        guard console.colors else { return text + " " }
        return "\u{1}\(TextStyle.cyan.escape)\u{1}\(text)\u{1}\(TextStyle.reset)\u{1} "
    }
}

extension WorkbenchEnvironment {
    /// The REPL's, which its session's `Workbench` and those replay and `save`'s check make are
    /// given: `spec` reads documents with WorkbenchSpec, and Swift's lexer says where a command's
    /// `\(…)` ends (WorkbenchKit has neither).
    static let repl = WorkbenchEnvironment(makeAPIDescriptionReader: { OpenAPIReader() }, interpolationEnds: InterpolationLexer())
}

extension Session {
    /// `base sandbox/NAME` resolves through the sandbox; offline, real hosts are sent to it.
    func connectWorkbenchToSandbox() {
        workbench.sandboxURL = sandboxURL
        workbench.routeOffline(through: offline ? sandboxURL : nil)
    }
}
