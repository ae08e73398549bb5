import Foundation
import LineResults
import SwiftPackages
import WorkbenchKit

/// How the Swift host is set up: `wb`'s settings, secrets, and limits.
public struct HostConfiguration: Sendable {
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
    /// The language mode inputs compile in (`set swift`, `--swift`, a snippet's header).
    public var languageMode = SwiftLanguageMode.swift5
    /// `import X` lines that compiled at an earlier input: every later input has them too.
    public var imports: [String] = []
    /// Modules compiled apart (a playground's `Sources/`) that every input imports and links.
    public var modules: [LinkedModule] = []
    /// The packages `package add` built, which every input may import and links (docs/packages.md).
    public var packages: PackageLibrary?
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

/// What running one input in the Swift host did.
public struct HostOutcome: Sendable {
    /// Whether the input ran to its end (its output has been shown; on failure one line says why).
    public let succeeded: Bool
    /// Requests the input sent, in order, also when it failed later: they join the session's history.
    public let exchanges: [Exchange]
    /// `wb`'s request as the input left it (nil when it failed).
    public let requestState: Workbench.RequestState?
    /// The line printed for a failure.
    public let failure: String?
    /// The input as a step for the inputs after it (nil when it failed, and for several inputs).
    public let step: LoggedStep?
    /// Of several inputs run as steps (`SwiftHost.run(steps:)`): those that ran to their end, in
    /// order, each with the requests it made; and the one that failed, if one did.
    public var steps: [LoggedStep] = []
    public var failedUnit: Int?
    /// The labels of the values each of `steps` showed.
    public var shownBySteps: [[String]] = []
    /// With the results column: the values the input's lines had, in the order they were reported
    /// (also when it failed part-way).
    public var results: [LineResult] = []
    /// A compile error in the input, as the value `failure` was printed from (placed as the
    /// runner's `placeCompileError` placed it).
    public var compileError: CompileError?
    /// The lines printed under `failure`, dimmed: a compile error's source line and caret
    /// (`CompileError.context`); empty for any other failure.
    public var failureContext: [String] = []
    /// The input was compiled but not run, and nothing was said: `beforeRunning` answered false.
    public var dropped = false
}
