import Foundation
import WorkbenchKit

/// Runs Swift the prompt's fast path does not cover on the installed toolchain: each input becomes one
/// program (`ProgramBuilder`) that runs the session's earlier inputs again quietly, answering their
/// requests from a recording, then the new input live; the program runs in a process of its own.
@MainActor
public final class CompiledEngine {
    public let console: Console
    public var configuration: CompiledConfiguration
    private var toolchain: Toolchain?
    private var toolchainMode: SwiftLanguageMode?
    private var toolchainModules: [LinkedModule] = []
    private var directory: SessionDirectory?
    private var parsed: [String: ProgramUnit] = [:]

    public init(console: Console, configuration: CompiledConfiguration = CompiledConfiguration()) {
        self.console = console
        self.configuration = configuration
    }

    /// Runs `input` after `steps` (the session's earlier inputs, in order), streaming its output to
    /// the console; a failure is printed as one line. `interrupted` is polled (Ctrl-C).
    public func run(_ input: String, after steps: [CompiledStep], interrupted: () -> Bool) async -> CompiledOutcome {
        let directory: SessionDirectory
        let toolchain: Toolchain
        do {
            (directory, toolchain) = try prepare()
        } catch {
            return failed("error: \(error)")
        }
        // Earlier inputs are parsed once, not on every input after them.
        let units = (steps.map(\.source) + [input]).map { source in parsed[source] ?? ProgramUnit(source) }
        parsed = Dictionary(zip(steps.map(\.source) + [input], units)) { first, _ in first }
        let program = ProgramBuilder.program(units: units, resultsColumn: configuration.resultsColumn,
                                             imports: configuration.modules.map(\.importLine))
        let programFile = directory.file("main.swift")
        do {
            try writeFiles(program: program, to: programFile, steps: steps, in: directory)
        } catch {
            return failed("error: cannot write the program for compiled input: \(error.localizedDescription)")
        }

        var environment = configuration.environment.merging(toolchain.environment) { $1 }.merging(configuration.secrets) { $1 }
            .merging(configuration.programVariables) { $1 }
        environment[PromptFiles.directoryVariable] = directory.url.path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let resultsFile = directory.file(Self.resultsFileName)
        if configuration.resultsColumn { environment["WORKBENCH_RESULTS_FILE"] = resultsFile.path }
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: toolchain.executable, arguments: toolchain.arguments(for: programFile),
                                       environment: environment)
        } catch {
            return failed("error: \(error)")
        }
        let run = await watch(process, interrupted: interrupted)

        let events = PromptEvent.all(in: (try? Data(contentsOf: directory.file(PromptFiles.results))) ?? Data())
        let quietErrors = (try? String(contentsOf: directory.file(PromptFiles.quietErrors), encoding: .utf8)) ?? ""
        let failure = FailureLine(program: program, programPath: programFile.path)
            .line(events: events, status: run.status, errors: run.errors, quietErrors: quietErrors, stop: run.stop)
        var recording: [PromptEvent] = []
        var state: Workbench.RequestState?
        for event in events {
            switch event {
            case .exchange, .sendFailed: recording.append(event)
            case .state(let final): state = final
            default: break
            }
        }
        let exchanges = CompiledStep(source: input, recording: recording).exchanges
        let results = configuration.resultsColumn
            ? LineResult.results(in: (try? String(contentsOf: resultsFile, encoding: .utf8)) ?? "", program: program) : []
        if let failure {
            show(failure)
            var outcome = CompiledOutcome(succeeded: false, exchanges: exchanges, requestState: nil, failure: failure, step: nil)
            outcome.results = results
            return outcome
        }
        if !run.errors.isEmpty {
            console.write(run.errors)  // what the input itself wrote to standard error
            console.flush()
        }
        var outcome = CompiledOutcome(succeeded: true, exchanges: exchanges, requestState: state, failure: nil,
                                      step: CompiledStep(source: input, recording: recording))
        outcome.results = results
        return outcome
    }

    /// Whether the toolchain and WorkbenchKit's shared library are found (looked for once).
    public var isAvailable: Bool { (try? prepare()) != nil }

    /// Removes the session's directory (the REPL calls it at exit; it also goes when the process ends).
    public func close() {
        directory?.remove()
        directory = nil
    }

    private func prepare() throws(CompiledSetupError) -> (SessionDirectory, Toolchain) {
        if directory == nil { directory = try SessionDirectory() }
        guard let directory else { throw .sessionDirectory("not made") }
        // `set swift` changes the flags the driver plans with.
        if toolchain == nil || toolchainMode != configuration.languageMode || toolchainModules != configuration.modules {
            toolchainMode = configuration.languageMode
            toolchainModules = configuration.modules
            toolchain = try Toolchain.discover(
                kitDirectory: configuration.kitDirectory ?? Self.kitDirectory, moduleName: configuration.moduleName,
                resultsColumn: configuration.resultsColumn, languageMode: configuration.languageMode,
                linking: configuration.modules, environment: configuration.environment)
        }
        guard let toolchain else { throw .noToolchain }
        return (directory, toolchain)
    }

    private func writeFiles(program: CompiledProgram, to programFile: URL, steps: [CompiledStep], in directory: SessionDirectory) throws {
        try Data(program.source.text).write(to: programFile)
        try JSONEncoder().encode(configuration.settings).write(to: directory.file(PromptFiles.settings))
        try Data(PromptEvent.bytes(steps.flatMap(\.recording))).write(to: directory.file(PromptFiles.recording))
        for name in [PromptFiles.results, PromptFiles.quietErrors, Self.resultsFileName] { try? FileManager.default.removeItem(at: directory.file(name)) }
    }

    /// Where ResultsLog writes the results column's values (named by `WORKBENCH_RESULTS_FILE`).
    static let resultsFileName = "results-column"

    private func failed(_ line: String) -> CompiledOutcome {
        show(line)
        return CompiledOutcome(succeeded: false, exchanges: [], requestState: nil, failure: line, step: nil)
    }

    /// Prints a failure line as the REPL prints errors (`error:` in red on a terminal).
    private func show(_ line: String) {
        console.failure(line)
    }

    /// Where WorkbenchKit's shared library is looked for: `prompt-kit/` beside the running program
    /// (what `make build` makes for its statically linked binary), else beside it (a debug build).
    static var kitDirectory: URL {
        let kit = programDirectory.appendingPathComponent("prompt-kit")
        let library = kit.appendingPathComponent("lib\(Toolchain.kitLibrary).so")
        return FileManager.default.fileExists(atPath: library.path) ? kit : programDirectory
    }

    /// The directory of the running program (a test bundle's build directory for tests).
    static var programDirectory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory
    }
}
