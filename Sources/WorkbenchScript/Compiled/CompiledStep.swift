import Foundation
import WorkbenchKit

/// One earlier input of the session as the compiled path runs it again: its Swift source (a command
/// as its WorkbenchKit statement, with secrets as environment reads) and the requests it made.
public struct CompiledStep: Sendable {
    public let source: String
    /// The input's sends in order, each an exchange or a failure: what answers them when it runs again.
    let recording: [PromptEvent]

    /// A step whose sends were these exchanges (a command's, or none).
    public init(source: String, exchanges: [Exchange] = []) {
        self.source = source
        recording = exchanges.map(PromptEvent.exchange)
    }

    init(source: String, recording: [PromptEvent]) {
        self.source = source
        self.recording = recording
    }

    /// The exchanges the input made, in order.
    public var exchanges: [Exchange] {
        recording.compactMap { if case .exchange(let exchange) = $0 { exchange } else { nil } }
    }
}

/// How the compiled path is set up: `wb`'s settings, secrets, and limits.
public struct CompiledConfiguration: Sendable {
    /// The sandbox, offline routes, transport options, body lines and output style of the REPL's `wb`.
    public var settings: PromptSettings
    /// Environment variables the program gets (secret values the steps read); never written to a file.
    public var secrets: [String: String]
    /// Resident memory past which the program is stopped (2 GB by default).
    public var memoryLimit: Int
    /// Where `libWorkbenchKitDynamic.so` and `Modules/WorkbenchKit.swiftmodule` are; nil looks
    /// beside the running program.
    public var kitDirectory: URL?
    /// The environment the program starts from (`PATH` also finds `swift`).
    public var environment: [String: String]
    /// The module the program is compiled as: `main` at the prompt, a snippet's own in replay, so
    /// values print with the module name the compiled snippet prints.
    public var moduleName = "main"
    /// Compile with the playground transform and report each line's values (`CompiledOutcome.results`).
    public var resultsColumn = false
    /// The language mode inputs compile in (`set swift`, `--swift`, a snippet's header).
    public var languageMode = SwiftLanguageMode.swift5
    /// `import X` lines that compiled at an earlier input: every later input has them too.
    public var imports: [String] = []
    /// Modules compiled apart (a playground's `Sources/`) that every input imports and links.
    public var modules: [LinkedModule] = []
    /// The folder `Bundle.main` finds resources in (a playground's `Resources/`); nil leaves it be.
    public var mainBundle: URL?

    /// The variables a program of this configuration gets besides `environment`.
    var programVariables: [String: String] {
        mainBundle.map { [MainBundle.variable: $0.path] } ?? [:]
    }

    public init(settings: PromptSettings = PromptSettings(), secrets: [String: String] = [:], memoryLimit: Int = 2 << 30,
                kitDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.settings = settings
        self.secrets = secrets
        self.memoryLimit = memoryLimit
        self.kitDirectory = kitDirectory
        self.environment = environment
    }
}

/// What running one input on the compiled path did.
public struct CompiledOutcome: Sendable {
    /// Whether the input ran to its end (its output has been shown; on failure one line says why).
    public let succeeded: Bool
    /// Requests the input sent, in order, also when it failed later: they join the session's history.
    public let exchanges: [Exchange]
    /// `wb`'s request as the input left it (nil when it failed).
    public let requestState: Workbench.RequestState?
    /// The line printed for a failure.
    public let failure: String?
    /// The input as a step for the inputs after it (nil when it failed).
    public let step: CompiledStep?
    /// With `CompiledConfiguration.resultsColumn`: the values the input's lines had, in the order
    /// they were reported (also when it failed part-way).
    public var results: [LineResult] = []
}
