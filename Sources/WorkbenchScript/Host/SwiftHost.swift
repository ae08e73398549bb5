import Foundation
import WorkbenchKit

/// Runs Swift the fast path does not cover in a long-lived host process that keeps the session's
/// values (docs/ARCHITECTURE.md, "The Swift host"). Each input is compiled once, as a library that
/// first catches up on the session's steps the host has not run (quietly, their sends answered from
/// what they received) and then runs the input; the host loads it and calls it, and what it bound
/// lives on for the inputs after it.
@MainActor
public final class SwiftHost {
    public let console: Console
    public var configuration: CompiledConfiguration
    var directory: SessionDirectory?
    var toolchain: HostToolchain?
    var process: ChildProcess?
    /// The compiler `warmUp()` started, until it is reaped.
    var warming: ChildProcess?
    /// The driver's jobs, run directly (HostCompileJobs); nil until planned, or when they could not be.
    private var compileJobs: HostCompileJobs?
    /// The language mode and linked modules `compileJobs` was planned for (nil: not planned yet).
    private var compileJobsPlan: (mode: SwiftLanguageMode, modules: [LinkedModule])?
    /// The libraries loaded, in order: what later inputs import, and what a rebuild runs again.
    var libraries: [LoadedLibrary] = []
    /// How many of the session's steps the host has run.
    var syncedSteps = 0
    private var nextNumber = 1
    /// Turns a compile error's `error: LINE:COLUMN:` (counted in the input) into where the user
    /// wrote it (replay: the snippet's file and line).
    public var placeCompileError: (String) -> String = { $0 }
    /// The line for a compile error in a caught-up step (its session step number, the line and
    /// column within it, the message); nil leaves the usual "earlier input … no longer compiles".
    public var placeCaughtUpError: (_ step: Int, _ line: Int, _ column: Int, _ message: String) -> String? = { _, _, _, _ in nil }

    /// A library in the host, and what its two parts received (to answer them again in a rebuild).
    struct LoadedLibrary {
        let library: HostLibrary
        let path: URL
        /// The earlier libraries it imports.
        let imported: Set<String>
        var catchUpRecording: [PromptEvent]
        var liveRecording: [PromptEvent] = []
        var liveSucceeded = false
    }

    /// Where output printed between inputs goes (work an input left running); nil: standard output.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)?
    /// Passes that output on while no input runs.
    var pump: HostOutputPump?
    /// Set when that work ended the host (SwiftHost+WorkLeftRunning.swift).
    let endedBetweenInputs = EndedFlag()

    public init(console: Console, configuration: CompiledConfiguration = CompiledConfiguration()) {
        self.console = console
        self.configuration = configuration
    }

    /// Whether the toolchain, WorkbenchKit's shared library and the host program are there.
    public var isAvailable: Bool { (try? prepare()) != nil }

    /// Runs `input` after catching up on `steps` (all the session's steps so far; the host runs only
    /// those it has not run). Output streams to `output` (the console unless captured). When
    /// `isStep`, the caller records the input as the session's next step once it succeeded. With
    /// `liveAnswers` (`save`'s check) the input's sends are answered from them, quietly, as in a rebuild.
    public func run(_ input: String, after steps: [CompiledStep], isStep: Bool = true, output: Console? = nil,
                    liveAnswers: [Exchange]? = nil, interrupted: () -> Bool) async -> CompiledOutcome {
        if steps.count < syncedSteps { stop() }  // the session's steps were cleared
        // A captured run's failure is captured too: its caller words it.
        let output = output ?? console
        func failed(_ line: String) -> CompiledOutcome {
            show(line, on: output)
            return CompiledOutcome(succeeded: false, exchanges: [], requestState: nil, failure: line, step: nil)
        }
        do {
            try prepare()
        } catch {
            return failed("error: \(error)")
        }
        endWarmUp(stopping: false)
        await recoverFromWorkLeftRunning()
        let pending = steps.enumerated().dropFirst(syncedSteps).map { (number: $0.offset + 1, step: $0.element) }
        let inputUnit = ProgramUnit(input)
        let segments = HostSegments.split(pending.map { (number: $0.number, unit: ProgramUnit($0.step.source)) }, input: inputUnit)
        var pendingSteps = pending[...]
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            let mentioned = HostImports.mentionedNames(in: segment.map(\.unit) + (isLast ? [inputUnit] : []))
            let imports = self.imports(mentioning: mentioned)
            let library = HostLibrary(number: nextNumber, catchUp: segment, input: isLast ? inputUnit : nil,
                                      imports: configuration.modules.map(\.importLine) + configuration.imports + imports.lines, showsResults: configuration.settings.showsResults,
                                      languageMode: configuration.languageMode)
            let caughtUp = Array(pendingSteps.prefix(segment.count))
            pendingSteps = pendingSteps.dropFirst(segment.count)
            let path: URL
            switch await compile(library) {
            case .success(let compiled): path = compiled
            case .failure(let failure): return failed(placeCompileError(failure.line))
            }
            nextNumber += 1
            var loaded = LoadedLibrary(library: library, path: path, imported: imports.modules,
                                       catchUpRecording: caughtUp.flatMap(\.step.recording))
            if !segment.isEmpty {
                let run = await call(library.catchUpSymbol, of: loaded, recording: loaded.catchUpRecording, rebuilding: false,
                                     output: output, interrupted: interrupted)
                guard run.succeeded else {
                    let failure = caughtUpFailure(run, library: library)
                    await recover(after: run)
                    return failed(failure)
                }
            }
            libraries.append(loaded)
            syncedSteps += segment.count
            guard isLast else { continue }
            let answers = liveAnswers?.map(PromptEvent.exchange)
            let run = await call(library.liveSymbol, of: loaded, recording: answers ?? [], rebuilding: answers != nil,
                                 output: output, interrupted: interrupted)
            loaded.liveRecording = answers ?? run.sends
            loaded.liveSucceeded = run.succeeded
            libraries[libraries.count - 1] = loaded
            if run.succeeded {
                if isStep { syncedSteps += 1 }
                return CompiledOutcome(succeeded: true, exchanges: run.exchanges, requestState: run.state, failure: nil,
                                       step: CompiledStep(source: input, recording: loaded.liveRecording))
            }
            let line = run.failureLine
            show(line, on: output)
            await recover(after: run)
            return CompiledOutcome(succeeded: false, exchanges: run.exchanges, requestState: nil, failure: line, step: nil)
        }
        return failed("error: nothing to run")
    }

    /// Ends the host and forgets what it held (the next input starts a new one).
    public func stop() {
        pump?.stop()
        pump = nil
        _ = endedBetweenInputs.take()
        process?.killGroup()
        _ = process?.exitStatus(wait: true)
        process = nil
        libraries = []
        syncedSteps = 0
    }

    /// Ends the host and removes the session's directory (the REPL calls it at exit).
    public func close() {
        endWarmUp(stopping: true)
        stop()
        directory?.remove()
        directory = nil
    }

    @discardableResult
    func prepare() throws(CompiledSetupError) -> HostToolchain {
        if directory == nil { directory = try SessionDirectory() }
        if let toolchain { return toolchain }
        let found = try HostToolchain.discover(kitDirectory: configuration.kitDirectory ?? CompiledEngine.kitDirectory,
                                               environment: configuration.environment)
        toolchain = found
        return found
    }

    private func imports(mentioning mentioned: Set<String>) -> (lines: [String], modules: Set<String>) {
        HostImports.lines(for: libraries.map { loaded in
            HostImports.Library(module: loaded.library.moduleName,
                                declared: loaded.liveSucceeded || !loaded.library.hasLive ? loaded.library.declared : loaded.library.declaredByCatchUp,
                                declaresUnnamed: loaded.library.declaresUnnamed,
                                whole: loaded.liveSucceeded || !loaded.library.hasLive, imported: loaded.imported)
        }, mentioning: mentioned)
    }

    /// Compiles `library` into the session directory; a failure is the compiler's first error, told
    /// where the user typed it.
    private func compile(_ library: HostLibrary) async -> Result<URL, HostFailure> {
        guard let directory, let toolchain else { return .failure(HostFailure("error: the Swift host is not set up")) }
        let source = directory.file("\(library.moduleName).swift")
        let path = directory.file("lib\(library.moduleName).so")
        do {
            try Data(library.program.source.text).write(to: source)
        } catch {
            return .failure(HostFailure("error: cannot write compiled input: \(error.localizedDescription)"))
        }
        let mode = configuration.languageMode
        let modules = configuration.modules
        if compileJobsPlan?.mode != mode || compileJobsPlan?.modules != modules {
            compileJobsPlan = (mode, modules)
            compileJobs = HostCompileJobs.plan(toolchain, directory: directory.url, languageMode: mode, modules: modules,
                                               environment: configuration.environment)
        }
        let arguments = toolchain.arguments(source: source, module: library.moduleName, library: path, directory: directory.url,
                                            languageMode: mode, modules: modules)
        let jobs = compileJobs?.jobs(for: library.moduleName) ?? [[toolchain.compiler] + arguments]
        defer { compileJobs?.clean(library.moduleName) }
        var errors = ""
        var status: Int32? = 0
        for job in jobs where status == 0 {
            guard let process = try? ChildProcess(executable: job[0], arguments: Array(job.dropFirst()), environment: configuration.environment) else {
                return .failure(HostFailure("error: cannot start the Swift compiler \(job[0])"))
            }
            errors += await process.readAll()
            status = process.exitStatus(wait: true)
        }
        guard status != 0 else { return .success(path) }
        let failure = FailureLine(program: library.program, programPath: source.path)
        if let first = failure.firstCompileError(errors), let unit = first.unit, unit < library.catchUpCount,
           let placed = placeCaughtUpError(library.stepNumbers[unit], first.line, first.column, first.message) {
            return .failure(HostFailure(ModuleNameFilter.rewrite(placed, module: nil)))
        }
        let line = failure.compileError(errors)
            ?? "error: the Swift compiler failed: " + (FailureLine.lines(errors).first.map(String.init) ?? "exit status \(status ?? -1)")
        // A type of an earlier input is named as the one program names it: unqualified.
        return .failure(HostFailure(ModuleNameFilter.rewrite(line, module: nil)))
    }

    private func caughtUpFailure(_ run: HostRun, library: HostLibrary) -> String {
        let step = run.lastStep.flatMap { number in library.stepNumbers.firstIndex(of: number).map { library.program.units[$0] } }
        let reason = run.failureLine.replacingOccurrences(of: "error: ", with: "", options: .anchored)
        return "error: earlier input `\(step?.firstLine ?? "?")` fails in the Swift host: \(reason)"
    }

    /// Prints a failure line as the REPL prints errors (`error:` in red on a terminal).
    func show(_ line: String, on console: Console) {
        console.failure(line)
    }
}

/// A one-line failure of the host's path.
struct HostFailure: Error {
    let line: String
    init(_ line: String) { self.line = line }
}

/// Splits the steps to catch up on (and the input) into libraries that each declare a name once:
/// a step that declares again what an earlier step of the same library declared starts a new one,
/// so values made in between keep the type they were made with.
enum HostSegments {
    static func split(_ steps: [(number: Int, unit: ProgramUnit)], input: ProgramUnit) -> [[(number: Int, unit: ProgramUnit)]] {
        var segments: [[(number: Int, unit: ProgramUnit)]] = [[]]
        var declared: Set<String> = []
        for step in steps {
            let names = declaredKeys(step.unit)
            if !declared.isDisjoint(with: names) {
                segments.append([])
                declared = []
            }
            segments[segments.count - 1].append(step)
            declared.formUnion(names)
        }
        if !declared.isDisjoint(with: declaredKeys(input)) { segments.append([]) }
        return segments
    }

    private static func declaredKeys(_ unit: ProgramUnit) -> Set<String> {
        Set(unit.items.flatMap { item -> [String] in
            switch item.kind {
            case .declaration: HostName.declaredName(item.syntax.item).map { [$0.name] } ?? []
            case .binding(let names, _, _): names
            default: []
            }
        })
    }
}
