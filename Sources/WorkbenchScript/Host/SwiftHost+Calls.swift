import Foundation
import WorkbenchKit

extension SwiftHost {
    /// Calls one entry point of a loaded library in the host and waits for its answer, streaming
    /// what it prints to `output`. Ctrl-C (`interrupted`) interrupts the host, which cancels the
    /// input's requests, and stops an input that does not await where its own code runs; one that
    /// does not stop within a second is ended with the host.
    func call(_ symbol: String, of loaded: LoadedLibrary, recording: [PromptEvent], rebuilding: Bool, liveUnits: Int? = nil,
              output: Console, interrupted: () -> Bool) async -> HostRun {
        let awaits = symbol == loaded.library.liveSymbol ? loaded.library.liveAwaits : loaded.library.catchUpAwaits
        guard let directory else { return HostRun(ending: .setup("the Swift host is not set up")) }
        var settings = configuration.settings
        settings.rebuilding = rebuilding
        settings.liveUnitsToRun = liveUnits
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
        // An input that awaits runs as a task the main queue serves: stopped there, it would leave
        // the queue held, as a trap does.
        guard let reply = await send(secrets + "run \(symbol) \(loaded.path.path)\n", to: process, output: output, interrupted: interrupted,
                                     stoppable: !awaits) else {
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
    /// the host, which cancels the input's requests, and, when `stoppable`, asks it to stop the
    /// input where the input's own code runs (Sources/WorkbenchHost/stopinput.c), again at each
    /// pass until it answers; an input that does not stop within a second is ended with the host,
    /// as is one past the memory limit, and a host that has not answered `answerWithin`.
    func send(_ command: String, to process: HostProcess, output: Console, interrupted: () -> Bool, stoppable: Bool = false,
              answerWithin: Duration? = nil) async -> HostReply? {
        guard process.send(command) else { return nil }
        var filter = ModuleNameFilter(module: configuration.moduleName)
        var transient = TransientOutput.Splitter()
        // A picture the host drew goes to the terminal only, not to the copies of the input's output.
        func pass(_ parts: [(transient: Bool, bytes: [UInt8])]) {
            for part in parts {
                if part.transient { output.writeTransient(String(decoding: part.bytes, as: UTF8.self)) } else { output.write(bytes: part.bytes) }
            }
        }
        var errors: [UInt8] = []
        var answer: [UInt8] = []
        var interruptedAt: ContinuousClock.Instant?
        var lastStopRequest = ContinuousClock.now
        let sent = ContinuousClock.now
        var end: HostReply.End?
        while end == nil {
            // Short waits: Ctrl-C must reach the input within 100 ms, and memory is checked as often.
            // The wait is a sleep, not a blocking poll: the REPL's main actor stays free meanwhile.
            if Self.readable([process.output, process.errors, process.answers]) {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(5))
            }
            if let bytes = HostProcess.readAvailable(process.output), !bytes.isEmpty { pass(transient.feed(filter.feed(bytes))); output.flush() }
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
                if let since = interruptedAt {
                    // Asked again and again (a request that finds the input in the runtime or libc
                    // does nothing), from the pass after SIGINT, whose handler then has run.
                    if stoppable, ContinuousClock.now - lastStopRequest >= .milliseconds(5) {
                        kill(process.pid, HostProcess.stopInputSignal)
                        lastStopRequest = .now
                    }
                    if ContinuousClock.now - since > .seconds(1) {
                        process.killGroup()
                        end = .interrupted
                    }
                } else {
                    interruptedAt = .now
                    kill(process.pid, SIGINT)
                }
            }
            if end == nil, let answerWithin, ContinuousClock.now - sent > answerWithin {
                process.killGroup()
                end = .interrupted
            }
            if end == nil, process.residentBytes() > configuration.memoryLimit {
                process.killGroup()
                end = .memory(configuration.memoryLimit)
            }
        }
        // The host flushed before it answered: what it printed is in the pipes.
        if let bytes = HostProcess.readAvailable(process.output) { pass(transient.feed(filter.feed(bytes))) }
        if let bytes = HostProcess.readAvailable(process.errors) { errors += bytes }
        pass(transient.feed(filter.flush()) + transient.flush())
        output.flush()
        return HostReply(end: end ?? .died(nil), errors: errors)
    }

    /// A host that can no longer be trusted is ended here. While the session is rebuilt, what the
    /// host prints between calls is the earlier inputs' work again, and is not passed on.
    private func finish(_ run: HostRun, _ process: HostProcess) -> HostRun {
        if !run.hostUsable {
            process.killGroup()
            _ = process.exitStatus(wait: true)
            self.process = nil
        } else if !isRebuilding {
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
        environment["WORKBENCH_HOST_PRELOAD"] = toolchain.kitDirectory.appendingPathComponent("lib\(HostToolchain.kitLibrary).so").path
        do {
            let started = try HostProcess(executable: toolchain.host, environment: environment)
            process = started
            return .success(started)
        } catch {
            return .failure(HostFailure("error: \(error)"))
        }
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
