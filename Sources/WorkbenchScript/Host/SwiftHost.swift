import Foundation
import LineResults
import SwiftPackages
import ToolProcesses
import WorkbenchKit

/// Runs Swift the fast path does not cover in a long-lived host process that keeps the session's
/// values (docs/ARCHITECTURE.md, "The Swift host"). Each input is compiled once, as a library that
/// first catches up on the session's steps the host has not run (quietly, their sends answered from
/// what they received) and then runs the input; the host loads it and calls it, and what it bound
/// lives on for the inputs after it.
@MainActor
public final class SwiftHost {
    public let console: Console
    public var configuration: HostConfiguration
    var directory: SessionDirectory?
    var toolchain: HostToolchain?
    var process: HostProcess?
    /// The compile `warmUp()` started, until it has ended.
    var warming: WarmUpRun?
    /// The driver's jobs, run directly (HostCompileJobs), by what they were planned for; nil where
    /// they could not be planned (the driver runs then).
    private var compileJobs: [HostCompileJobs.Key: HostCompileJobs?] = [:]
    /// The libraries loaded, in order: what later inputs import, and what a rebuild runs again.
    var libraries: [LoadedLibrary] = []
    /// The package build the loaded libraries link, if any (SwiftHost+Packages.swift).
    var linkedPackages: PackageLibrary?
    /// How far the host has caught up on the session's steps, and the names it has no value for.
    var catchUp = HostCatchUp()
    private var nextNumber = 1
    /// Places a compile error counted in the input where the user wrote it (replay: the snippet's
    /// file and line).
    public var placeCompileError: (CompileError) -> CompileError = { $0 }
    /// Places a compile error in unit `unit` (0-based) of an input of several steps, counted in it.
    public var placeUnitCompileError: (_ unit: Int, _ error: CompileError) -> CompileError = { $1 }
    /// Places a compile error in a caught-up step (its session step number; the error counted in
    /// it); nil leaves the usual "earlier input … no longer compiles".
    public var placeCaughtUpError: (_ step: Int, _ error: CompileError) -> CompileError? = { _, _ in nil }
    /// Places what an input threw at its top level (replay: `FILE:LINE:COLUMN: ` before it).
    public var placeThrownError: (String) -> String = { $0 }

    /// A library in the host, and what its two parts received (to answer them again in a rebuild).
    struct LoadedLibrary {
        let library: HostLibrary
        let path: URL
        /// The earlier libraries it imports.
        let imported: Set<String>
        var catchUpRecording: [PromptEvent]
        var liveRecording: [PromptEvent] = []
        var liveSucceeded = false
        /// Of an input of several steps that stopped at one of them, or was cut there by
        /// `keepFirst`: how many of its units count (ran, and are kept); nil: as `liveSucceeded` says.
        var liveUnitsKept: Int?
        /// The values its live part showed, to tell which came out different when it runs again.
        var liveShown: [ShownValue] = []
        /// The session steps its input became, once they ran to their end as steps (one, or one
        /// per unit of an input of several).
        var liveSteps: [Int] = []
        /// The caught-up step (its unit) that failed: the ones before it ran, the rest did not.
        var failedUnit: Int?

        /// How many of the input's units ran and count.
        var liveUnitsRan: Int { liveUnitsKept ?? (liveSucceeded ? library.liveUnitCount : 0) }
        /// Imported whole: its input (if any) ran to its end and was not cut, and its catch-up did.
        var importedWhole: Bool { failedUnit == nil && liveUnitsKept == nil && (liveSucceeded || !library.hasLive) }
        /// What later inputs may import from it: what the parts that ran declared.
        var importable: [HostName] {
            if let failedUnit { return library.declared.filter { $0.unit < failedUnit } }
            return importedWhole ? library.declared : library.declared.filter { $0.unit < library.catchUpCount + liveUnitsRan }
        }
        /// Whether the part that counts declares what has no name (an extension, an operator, an
        /// actor): then later inputs import the module whole, even when only part of it counts.
        var declaresUnnamed: Bool {
            if importedWhole { return library.declaresUnnamed }
            let counted = failedUnit ?? library.catchUpCount + liveUnitsRan
            return library.unnamedUnits.contains { $0 < counted }
        }
    }

    /// Where output printed between inputs goes (work an input left running); nil: standard output.
    public var asynchronousOutput: (@Sendable ([UInt8]) -> Void)?
    /// Passes that output on while no input runs.
    var pump: HostOutputPump?
    /// Set when that work ended the host (SwiftHost+WorkLeftRunning.swift).
    let endedBetweenInputs = EndedFlag()
    /// While the session is rebuilt (SwiftHost+Rebuild.swift): output between calls is not passed on.
    var isRebuilding = false

    public init(console: Console, configuration: HostConfiguration = HostConfiguration()) {
        self.console = console
        self.configuration = configuration
    }

    /// Whether the toolchain, WorkbenchKit's shared library and the host program are there.
    public var isAvailable: Bool { (try? prepare()) != nil }

    /// The session's private directory, made on first use: `json(file:)` copies files there
    /// (`Workbench.documentFolder`), and the host maps the copies when it catches up.
    public var documentFolder: URL? {
        if directory == nil { directory = try? SessionDirectory() }
        return directory?.url
    }

    /// Runs `input` after catching up on `steps` (all the session's steps so far; the host runs only
    /// those it has not run). Output streams to `output` (the console unless captured). When
    /// `isStep`, the caller records the input as the session's next step once it succeeded. With
    /// `liveAnswers` (`save`'s check) the input's sends are answered from them, quietly, as in a rebuild.
    /// With `resultsColumn` the input is compiled with the playground transform: its values are not
    /// shown but returned, line by line, in the outcome's `results` (also when it failed part-way).
    /// `parsed` is the input's unit when the caller holds its tree (the input typed), else it is parsed here.
    public func run(_ input: String, parsed: ProgramUnit? = nil, after steps: [LoggedStep], isStep: Bool = true, output: Console? = nil,
                    liveAnswers: [Exchange]? = nil, resultsColumn: Bool = false, interrupted: () -> Bool) async -> HostOutcome {
        await run(steps: [input], parsed: parsed.map { [$0] }, after: steps, isStep: isStep, output: output, liveAnswers: liveAnswers,
                  resultsColumn: resultsColumn, interrupted: interrupted)
    }

    /// Runs `inputs` as one input of as many steps (`play` runs the statements below a change so):
    /// compiled once, each begun by `HostRuntime.liveUnit`. Those that ran to their end are the
    /// outcome's `steps`, each with the requests it made, also when a later one failed
    /// (`failedUnit`); what they bound keeps its value, and `keepFirst` can cut between them.
    /// One input is `run`. Once the inputs are compiled, and before anything of them runs or is
    /// said (a compile error too), `beforeRunning` may drop them (`play`'s file was saved again).
    public func run(steps inputs: [String], parsed: [ProgramUnit]? = nil, after steps: [LoggedStep], isStep: Bool = true, output: Console? = nil,
                    liveAnswers: [Exchange]? = nil, resultsColumn: Bool = false, interrupted: () -> Bool,
                    beforeRunning: () -> Bool = { true }) async -> HostOutcome {
        if catchUp.wasCleared(steps.count) {  // the session's steps were cleared
            stop()
            catchUp.restart()
        }
        // A captured run's failure is captured too: its caller words it.
        let output = output ?? console
        func failed(_ line: String, compileError: CompileError? = nil, context: [String] = []) -> HostOutcome {
            // Of several inputs, a compile error is the caller's to print: it runs the units above it first.
            if inputs.count == 1 || compileError == nil { show(line, context: context, on: output) }
            var outcome = HostOutcome(succeeded: false, exchanges: [], requestState: nil, failure: line, step: nil)
            outcome.compileError = compileError
            outcome.failureContext = context
            return outcome
        }
        do {
            try prepare()
        } catch {
            return failed("error: \(error)")
        }
        endWarmUp(stopping: false)
        await recoverFromWorkLeftRunning()
        // The host program starts (loads its libraries) while the input compiles, not after: a
        // piped session's first compiled input has had no warm-up to start it.
        _ = ensureProcess()
        let inputUnits = parsed.flatMap { $0.count == inputs.count ? $0 : nil } ?? inputs.map(ProgramUnit.init)
        // A caught-up step that fails is reported once and passed over (`passOver`); the next pass
        // catches up on the steps after it, so no earlier step blocks the inputs after it.
        passes: while true {
            let pending = catchUp.pending(steps)
            let segments = HostSegments.split(pending.map { (number: $0.number, unit: $0.step.unit) }, inputs: inputUnits)
            var pendingSteps = pending[...]
            var models = HostModels(libraries: libraries)
            for (index, segment) in segments.enumerated() {
                let isLast = index == segments.count - 1
                let units = segment.map(\.unit) + (isLast ? inputUnits : [])
                let redeclared = segment.reduce(into: Set<String>()) { $0.formUnion(models.note($1.unit)) }
                let declaredHere = units.reduce(into: Set<String>()) { $0.formUnion(HostSegments.declaredKeys($1)) }
                let again = models.dependents(on: redeclared, excluding: declaredHere)
                let mentioned = again.reduce(HostImports.mentionedNames(in: units)) { $0.union($1.mentioned) }
                let unbound = catchUp.unbound(among: mentioned, declared: declaredHere)
                let imports = self.imports(mentioning: mentioned.filter { !catchUp.isUnbound($0) })
                let resultsFile = isLast && resultsColumn ? directory.map { $0.file(Self.resultsFileName) } : nil
                let library = HostLibrary(number: nextNumber, catchUp: segment, inputs: isLast ? inputUnits : [],
                                          imports: configuration.modules.map(\.importLine) + configuration.imports + imports.lines, showsResults: configuration.settings.showsResults,
                                          languageMode: configuration.languageMode, models: again, unbound: unbound,
                                          earlier: imports.declaring, resultsFile: resultsFile?.path)
                let caughtUp = Array(pendingSteps.prefix(segment.count))
                pendingSteps = pendingSteps.dropFirst(segment.count)
                let path: URL
                let compiled = await compile(library)
                if isLast, !beforeRunning() {
                    var outcome = HostOutcome(succeeded: false, exchanges: [], requestState: nil, failure: nil, step: nil)
                    outcome.dropped = true
                    return outcome
                }
                switch compiled {
                case .success(let compiled): path = compiled
                case .failure(let failure):
                    guard let step = failure.caughtUpStep else {
                        let place = { (error: CompileError) in
                            inputs.count > 1 ? self.placeUnitCompileError(failure.liveUnit ?? 0, error) : self.placeCompileError(error)
                        }
                        guard let error = failure.compileError.map(place) else {
                            return failed(failure.line, context: failure.context)
                        }
                        var outcome = failed(error.text, compileError: error, context: error.context)
                        outcome.failedUnit = inputs.count > 1 ? failure.liveUnit ?? 0 : nil
                        return outcome
                    }
                    show(failure.line, on: output)
                    passOver(step, of: library)
                    continue passes
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
                        // The library did not load, or the host could not start: no step to pass over.
                        guard let step = run.lastStep else { return failed(failure) }
                        show(failure, on: output)
                        passOver(step, of: library)
                        // Loaded, the steps before it ran: kept, and the host goes on after it. A host
                        // that ended was rebuilt without this library: its steps run again in the next pass.
                        if run.hostUsable, process != nil, let unit = library.stepNumbers.firstIndex(of: step) {
                            loaded.failedUnit = unit
                            libraries.append(loaded)
                            if configuration.packages != nil { linkedPackages = configuration.packages }
                            catchUp.ran(through: step)
                        }
                        continue passes
                    }
                }
                libraries.append(loaded)
                if configuration.packages != nil { linkedPackages = configuration.packages }
                bound(library.declaredByCatchUp)
                if let last = segment.last?.number { catchUp.ran(through: last) }
                guard isLast else { continue }
                catchUp.ran(through: steps.count)
                let answers = liveAnswers?.map(PromptEvent.exchange)
                // Emptied here too: a library that fails to load leaves no results of an earlier input.
                if let resultsFile { _ = truncate(resultsFile.path, 0) }
                let run = await call(library.liveSymbol, of: loaded, recording: answers ?? [], rebuilding: answers != nil,
                                     output: output, interrupted: interrupted)
                let results = resultsFile.map { self.results(in: $0, of: library) } ?? []
                loaded.liveRecording = answers ?? run.sends
                loaded.liveSucceeded = run.succeeded
                loaded.liveShown = run.shownValues
                // Of several units, those before the one that failed ran to their end: steps too.
                let ranUnits = run.succeeded ? inputs.count : inputs.count > 1 ? run.lastLiveUnit ?? 0 : 0
                if !run.succeeded, ranUnits > 0 {
                    loaded.liveUnitsKept = ranUnits
                    unbind(inputUnits.dropFirst(ranUnits), because: "its line did not run")
                }
                let ranSteps = zip(zip(inputs, inputUnits), Self.recordings(of: loaded.liveRecording, events: run.events, units: inputs.count))
                    .prefix(ranUnits).map { LoggedStep(source: $0.0.0, recording: $0.1, parsed: $0.0.1) }
                if isStep {
                    loaded.liveSteps = Array(catchUp.synced + 1..<catchUp.synced + 1 + ranUnits)
                    catchUp.ran(more: ranUnits)
                }
                libraries[libraries.count - 1] = loaded
                bound(loaded.importable)
                let shown = Array(Self.shownLabels(in: run.events, units: inputs.count).prefix(ranUnits))
                if run.succeeded {
                    var outcome = HostOutcome(succeeded: true, exchanges: run.exchanges, requestState: run.state, failure: nil,
                                              step: inputs.count == 1 ? ranSteps.first : nil, results: results)
                    outcome.steps = ranSteps
                    outcome.shownBySteps = shown
                    return outcome
                }
                var line = run.failureLine
                if case .returned = run.ending, let thrown = run.thrown { line = "error: " + placeThrownError(thrown) }
                show(line, on: output)
                await recover(after: run, failing: library.moduleName)
                var outcome = HostOutcome(succeeded: false, exchanges: run.exchanges, requestState: run.state, failure: line, step: nil, results: results)
                outcome.steps = ranSteps
                outcome.shownBySteps = shown
                outcome.failedUnit = inputs.count > 1 ? ranUnits : nil
                return outcome
            }
        }
    }

    /// Where ResultsLog writes the results column's records (HostLibrary's `resultsFile`).
    static let resultsFileName = "results-column"

    /// The records of the library's input, at the lines the user wrote, types named as the program
    /// names them (`shopping.Item`, not the input's module).
    private func results(in file: URL, of library: HostLibrary) -> [LineResult] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return LineResult.results(in: text, program: library.program, liveFrom: library.catchUpCount).map { result in
            var named = result
            named.text = ModuleNameFilter.rewrite(result.text, module: configuration.moduleName)
            return named
        }
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
        linkedPackages = nil
        catchUp.forgetRun()
    }

    /// Ends the host and removes the session's directory (the REPL calls it at exit).
    public func close() {
        endWarmUp(stopping: true)
        stop()
        directory?.remove()
        directory = nil
    }

    @discardableResult
    func prepare() throws(HostSetupError) -> HostToolchain {
        if directory == nil { directory = try SessionDirectory() }
        if let toolchain { return toolchain }
        let found = try HostToolchain.discover(kitDirectory: configuration.kitDirectory ?? HostToolchain.defaultKitDirectory,
                                               environment: configuration.environment)
        toolchain = found
        return found
    }

    private func imports(mentioning mentioned: Set<String>) -> (lines: [String], modules: Set<String>, declaring: [String: String]) {
        HostImports.lines(for: libraries.map { loaded in
            HostImports.Library(module: loaded.library.moduleName,
                                declared: loaded.importable, declaresUnnamed: loaded.declaresUnnamed,
                                whole: loaded.importedWhole, imported: loaded.imported)
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
        let plan = HostCompileJobs.Key(languageMode: configuration.languageMode, modules: configuration.modules,
                                       packages: configuration.packages, resultsColumn: library.resultsColumn)
        if plan.resultsColumn, !toolchain.hasResultsLog {
            return .failure(HostFailure("error: \(HostSetupError.noResultsLog(toolchain.kitDirectory.path))"))
        }
        if compileJobs.index(forKey: plan) == nil {
            let planned = await HostCompileJobs.plan(toolchain, directory: directory.url, key: plan, environment: configuration.environment)
            compileJobs.updateValue(planned, forKey: plan)
        }
        let arguments = toolchain.arguments(source: source, module: library.moduleName, library: path, directory: directory.url, key: plan)
        let planned = compileJobs[plan] ?? nil
        let jobs = planned?.jobs(for: library.moduleName) ?? [[toolchain.compiler] + arguments]
        defer { planned?.clean(library.moduleName) }
        var errors = ""
        var status: Int32 = 0
        for job in jobs where status == 0 {
            let autolink = AutolinkEntries.Lookup(job)
            if autolink?.reuse() == true { continue }
            guard let ran = try? await ToolRun.run(job[0], Array(job.dropFirst()), environment: configuration.environment) else {
                return .failure(HostFailure("error: cannot start the Swift compiler \(job[0])"))
            }
            errors += ran.errors
            status = ran.status
            if status == 0 { autolink?.remember() }
        }
        guard status != 0 else { return .success(path) }
        let failure = FailureLine(program: library.program, programPath: source.path)
        if var first = failure.firstCompileError(errors), let unit = first.unit {
            // A type of an earlier input is named as the one program names it: unqualified.
            first.error.message = ModuleNameFilter.rewrite(first.error.message, module: nil)
            guard unit < library.catchUpCount else {
                var live = HostFailure(first.error.text, compileError: first.error)
                live.liveUnit = unit - library.catchUpCount
                return .failure(live)
            }
            if let placed = placeCaughtUpError(library.stepNumbers[unit], first.error) {
                return .failure(HostFailure(placed.text, context: placed.context))
            }
            // At the prompt a step that ran on the fast path and no longer compiles is passed over.
            let line = "error: earlier input `\(library.program.units[unit].firstLine)` no longer compiles: \(first.error.message)"
            return .failure(HostFailure(line, caughtUpStep: library.stepNumbers[unit]))
        }
        let line = failure.compileError(errors)
            ?? "error: the Swift compiler failed: " + (FailureLine.lines(errors).first.map(String.init) ?? "exit status \(status)")
        return .failure(HostFailure(ModuleNameFilter.rewrite(line, module: nil)))
    }

    private func caughtUpFailure(_ run: HostRun, library: HostLibrary) -> String {
        let step = run.lastStep.flatMap { number in library.stepNumbers.firstIndex(of: number).map { library.program.units[$0] } }
        let reason = run.failureLine.replacingOccurrences(of: "error: ", with: "", options: .anchored)
        return "error: earlier input `\(step?.firstLine ?? "?")` fails in the Swift host: \(reason)"
    }

    /// Prints a failure line as the REPL prints errors (`error:` in red on a terminal), then its
    /// context dimmed (a compile error's source line and caret).
    func show(_ line: String, context: [String] = [], on console: Console) {
        console.failure(line, context: context)
    }
}
