import Foundation
import WorkbenchKit

extension SwiftHost {
    /// Calls one entry point of a loaded library in the host and waits for its answer, streaming
    /// what it prints to `output`. Ctrl-C (`interrupted`) interrupts the host, which cancels the
    /// input's requests; an input that does not stop within a second is ended with the host.
    func call(_ symbol: String, of loaded: LoadedLibrary, recording: [PromptEvent], rebuilding: Bool, output: Console,
              interrupted: () -> Bool) async -> HostRun {
        let awaits = symbol == loaded.library.liveSymbol ? loaded.library.liveAwaits : loaded.library.catchUpAwaits
        guard let directory else { return HostRun(ending: .setup("the Swift host is not set up")) }
        var settings = configuration.settings
        settings.rebuilding = rebuilding
        do {
            try JSONEncoder().encode(settings).write(to: directory.file(PromptFiles.settings))
            // Bodies of 64 KB or more are written once, a file each, which the host maps: not copied
            // into the recording and out of it (BinaryArchive.swift).
            try Data(PromptEvent.bytes(recording, spillingTo: directory.url).bytes).write(to: directory.file(PromptFiles.recording))
            for name in [PromptFiles.results, PromptFiles.quietErrors] { try? FileManager.default.removeItem(at: directory.file(name)) }
        } catch {
            return HostRun(ending: .setup("cannot write the host's files: \(error.localizedDescription)"))
        }
        pump?.stop()
        pump = nil
        let process: HostProcess
        switch ensureProcess() {
        case .success(let running): process = running
        case .failure(let failure): return HostRun(ending: .setup(failure.line))
        }
        let secrets = configuration.secrets.map { "env \($0.key) \(Self.hex($0.value))\n" }.joined()
        guard let reply = await send(secrets + "run \(symbol) \(loaded.path.path)\n", to: process, output: output, interrupted: interrupted) else {
            return finish(HostRun(ending: .died(nil)), process)
        }
        let ending: HostRun.Ending = switch reply.end {
        case .answered(let answer): HostRun.Ending(answer: answer, awaits: awaits)
        case .died(let status): .died(status)
        case .interrupted: .interrupted
        case .memory(let limit): .memory(limit)
        }
        let errors = reply.errors
        var run = HostRun(ending: ending)
        run.events = PromptEvent.all(in: (try? Data(contentsOf: directory.file(PromptFiles.results))) ?? Data(), folder: directory.url)
        // Each side has mapped the bodies the other wrote for this call; a mapping outlives its name.
        directory.removeSpilledFiles()
        run.errors = ModuleNameFilter.rewrite(String(decoding: errors, as: UTF8.self), module: configuration.moduleName)
        run.quietErrors = (try? String(contentsOf: directory.file(PromptFiles.quietErrors), encoding: .utf8)) ?? ""
        if run.succeeded, !run.errors.isEmpty {
            // What the input itself wrote to standard error; a trap of work it left running (the
            // host ends right after this answer) as the runtime's first line, without its trace.
            if let trap = FailureLine.trapMessage(run.errors) {
                output.write(trap + "\n")
                endedBetweenInputs.set(module: HostTrapSite.module(in: run.errors))
            } else {
                output.write(run.errors)
            }
            output.flush()
        }
        return finish(run, process)
    }

    /// What one command to the host came to.
    struct HostReply {
        enum End {
            /// Its answer line on descriptor 3, without the line break.
            case answered(String)
            case died(Int32?)
            case interrupted
            case memory(Int)
        }
        var end: End
        /// What it wrote to standard error meanwhile (the first MB).
        var errors: [UInt8]
    }

    /// Sends `command` and streams what the host prints to `output` (module names mapped back)
    /// until it answers or ends; nil when it could not be sent. Ctrl-C (`interrupted`) interrupts
    /// the host, which cancels the input's requests; an input that does not stop within a second is
    /// ended with the host, as is one past the memory limit.
    func send(_ command: String, to process: HostProcess, output: Console, interrupted: () -> Bool) async -> HostReply? {
        guard process.send(command) else { return nil }
        var filter = ModuleNameFilter(module: configuration.moduleName)
        var errors: [UInt8] = []
        var answer: [UInt8] = []
        var interruptedAt: ContinuousClock.Instant?
        var end: HostReply.End?
        while end == nil {
            // Short waits: Ctrl-C must reach the input within 100 ms, and memory is checked as often.
            // The wait is a sleep, not a blocking poll: the REPL's main actor stays free meanwhile.
            if Self.readable([process.output, process.errors, process.answers]) {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(5))
            }
            if let bytes = HostProcess.readAvailable(process.output), !bytes.isEmpty { output.write(bytes: filter.feed(bytes)); output.flush() }
            if let bytes = HostProcess.readAvailable(process.errors), errors.count < 1 << 20 { errors += bytes }
            switch HostProcess.readAvailable(process.answers) {
            case nil:
                end = .died(process.exitStatus(wait: true))
            case let bytes?:
                answer += bytes
                if answer.last == UInt8(ascii: "\n") { end = .answered(String(decoding: answer.dropLast(), as: UTF8.self)) }
            }
            if end != nil { break }
            if interrupted() {
                if interruptedAt == nil {
                    interruptedAt = .now
                    kill(process.pid, SIGINT)
                } else if let since = interruptedAt, ContinuousClock.now - since > .seconds(1) {
                    process.killGroup()
                    end = .interrupted
                }
            }
            if end == nil, process.residentBytes() > configuration.memoryLimit {
                process.killGroup()
                end = .memory(configuration.memoryLimit)
            }
        }
        // The host flushed before it answered: what it printed is in the pipes.
        if let bytes = HostProcess.readAvailable(process.output) { output.write(bytes: filter.feed(bytes)) }
        if let bytes = HostProcess.readAvailable(process.errors) { errors += bytes }
        output.write(bytes: filter.flush())
        output.flush()
        return HostReply(end: end ?? .died(nil), errors: errors)
    }

    /// A host that can no longer be trusted is ended here.
    private func finish(_ run: HostRun, _ process: HostProcess) -> HostRun {
        if !run.hostUsable {
            process.killGroup()
            _ = process.exitStatus(wait: true)
            self.process = nil
        } else {
            startPump(process)
        }
        return run
    }

    /// The running host, started if needed.
    func ensureProcess() -> Result<HostProcess, HostFailure> {
        if let process { return .success(process) }
        guard let directory, let toolchain else { return .failure(HostFailure("error: the Swift host is not set up")) }
        var environment = configuration.environment.merging(configuration.programVariables) { $1 }
        environment[PromptFiles.directoryVariable] = directory.url.path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        do {
            let started = try HostProcess(executable: toolchain.host, environment: environment)
            process = started
            return .success(started)
        } catch {
            return .failure(HostFailure("error: \(error)"))
        }
    }

    /// After a failure that ended the host (a trap while awaiting, a crash, Ctrl-C in a loop that
    /// would not stop, too much memory): a new host loads the same libraries again and runs them
    /// quietly, their sends answered from what they received, and one line says so.
    func recover(after run: HostRun) async {
        guard !run.hostUsable, !libraries.isEmpty else { return }
        let started = ContinuousClock.now
        // A trap in work an earlier input left running (a `Task`) while this input ran or compiled:
        // that input is not run again, or the rebuilt host would end the same way.
        let endedBetween = endedBetweenInputs.take()
        let site = HostTrapSite.module(in: run.errors) ?? endedBetween.module
        if let site, libraries.contains(where: { $0.library.moduleName == site && $0.liveSucceeded }) {
            leaveOut(module: site, because: "its work ended the Swift host")
        } else if site == nil, endedBetween.ended {
            leaveOut(module: nil, because: "work left running ended the Swift host after it")
        }
        // Work left running can still end the new host (chance, time): the input whose code
        // trapped (else whose live part ran last) is left out, and the rebuild starts again, at most
        // once per library.
        for _ in 0...libraries.count {
            switch await rebuildOnce() {
            case .rebuilt(let inputs):
                let seconds = (ContinuousClock.now - started).components
                let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
                console.line(console.styled("the Swift session was rebuilt: \(inputs) \(inputs == 1 ? "input" : "inputs") run again in \(String(format: "%.2f", elapsed)) s, without compiling; values that depend on time or chance are new", .dim))
                console.flush()
                return
            case .failed(let line, let site, true) where leaveOut(module: site, because: "the rebuild failed after it: \(line)"):
                endProcess()
            case .failed(let line, _, _):
                stop()
                show("error: the Swift session could not be rebuilt (\(line)); the next input starts it again from the session's steps", on: console)
                return
            }
        }
    }

    private enum Rebuild {
        case rebuilt(inputs: Int)
        /// The failure, the input module a trap was in (if the runtime said), and whether it ended
        /// the host (work left running, rather than the input's own failure).
        case failed(String, site: String?, hostEnded: Bool)
    }

    /// Loads the libraries into a new host and runs them again, quietly, their sends answered from
    /// what they received.
    private func rebuildOnce() async -> Rebuild {
        let discard = Console(capturingWithColors: false)
        var inputs = 0
        for loaded in libraries {
            var parts: [(symbol: String, recording: [PromptEvent])] = []
            if !loaded.library.stepNumbers.isEmpty { parts.append((loaded.library.catchUpSymbol, loaded.catchUpRecording)) }
            if loaded.liveSucceeded { parts.append((loaded.library.liveSymbol, loaded.liveRecording)) }
            for part in parts {
                let again = await call(part.symbol, of: loaded, recording: part.recording, rebuilding: true, output: discard, interrupted: { false })
                // A caught-up step that failed (passed over) fails again; the steps before it ran.
                let failedAsBefore = loaded.failedUnit != nil && part.symbol == loaded.library.catchUpSymbol && again.hostUsable
                guard again.succeeded || failedAsBefore else {
                    return .failed(again.failureLine, site: HostTrapSite.module(in: again.errors), hostEnded: !again.hostUsable)
                }
            }
            inputs += loaded.library.stepNumbers.count + (loaded.liveSucceeded ? 1 : 0)
        }
        return .rebuilt(inputs: inputs)
    }

    /// Whether any of `descriptors` has something to read (or has closed), without waiting.
    nonisolated static func readable(_ descriptors: [Int32]) -> Bool {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        return poll(&polled, nfds_t(polled.count), 0) > 0
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }
}
