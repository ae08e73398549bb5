import Foundation
import WorkbenchKit

/// Work an input leaves running (a `Task`, a completion handler, a `Timer`) goes on in the host
/// between inputs (docs/ARCHITECTURE.md, "The Swift host"): what it prints is passed on as it
/// comes, and when it traps, which ends the host as it ends a compiled program, the next input
/// first rebuilds the session without the input that started it (`HostTrapSite`; else the one that
/// ran last): run again, it would start the same work and end the same way.
extension SwiftHost {
    /// Lets the work the inputs left running end (`settle`, Sources/WorkbenchHost/main.c), what it
    /// prints streamed to the console; returns how many requests were still in flight after
    /// `seconds` (-1: none, but a page that set `needsIndefiniteExecution` had not called
    /// `finishExecution()`), or nil when no host runs (or it ended meanwhile, which one line says).
    public func settle(seconds: Double) async -> Int? {
        guard let process else { return nil }
        pump?.stop()
        pump = nil
        guard let reply = await send("settle \(Int(seconds * 1000))\n", to: process, output: console, interrupted: { false }) else { return nil }
        let errors = String(decoding: reply.errors, as: UTF8.self)
        guard case .answered(let answer) = reply.end else {
            stop()
            show(FailureLine.trapMessage(errors) ?? "error: the Swift host ended while the work left running ran", on: console)
            return nil
        }
        if !errors.isEmpty {
            console.write(errors)
            console.flush()
        }
        return Int(answer.dropFirst("ok ".count))
    }

    /// Output the session's work prints until the next input, passed on as it comes: to
    /// `asynchronousOutput`, else to the host's console (replay's, `save`'s scratch one).
    func startPump(_ process: HostProcess) {
        let sink = asynchronousOutput ?? { [console] bytes in
            console.write(bytes: bytes)
            console.flush()
        }
        let ended = endedBetweenInputs
        let pump = HostOutputPump(output: process.output, errors: process.errors, module: configuration.moduleName, sink: sink) { trap, site in
            ended.set(module: site)
            // Without the runtime's line the host was let go, or killed from outside: no trap to tell.
            guard let trap else { return }
            let reason = trap.replacingOccurrences(of: "error: ", with: "", options: .anchored)
            sink(Array("error: work left running in the Swift session ended it: \(reason); the next input rebuilds the session\n".utf8))
        }
        if pump.start() { self.pump = pump }
    }

    /// Before a call: when work left running ended the host, the session is rebuilt without the
    /// input whose code trapped (else the one that ran last; its bindings are gone with it),
    /// quietly, and one line says so.
    func recoverFromWorkLeftRunning() async {
        let ended = endedBetweenInputs.take()
        guard ended.ended else { return }
        endProcess()
        // The same end told twice (the call saw the trap, then the pump the host's output close,
        // reporting it while it was stopped): taken here, or the rebuild would leave out one more.
        let late = endedBetweenInputs.take()
        leaveOut(module: ended.module ?? late.module, because: "its work ended the Swift host")
        await recover(after: HostRun(ending: .died(nil)))
    }

    /// Ends the host program (without forgetting the libraries, which a rebuild loads again).
    func endProcess() {
        pump?.stop()
        pump = nil
        process?.killGroup()
        _ = process?.exitStatus(wait: true)
        process = nil
    }

    /// Marks the live part of `module`'s library (or, with nil, of the last library whose live part
    /// ran) as not to be run again, saying so in one line; false when there is none.
    @discardableResult
    func leaveOut(module: String?, sparing spared: String? = nil, because reason: String) -> Bool {
        let index = module.flatMap { name in libraries.firstIndex { $0.library.moduleName == name && $0.liveUnitsRan > 0 } }
            ?? libraries.lastIndex { $0.liveUnitsRan > 0 && $0.library.moduleName != spared }
        guard let index else { return false }
        // The last of its input's units that ran (of an input of several, not always its last).
        let library = libraries[index].library
        let input = library.program.units[library.catchUpCount + libraries[index].liveUnitsRan - 1].firstLine
        libraries[index].liveSucceeded = false
        libraries[index].liveUnitsKept = nil
        console.line(console.styled("left out of the rebuilt session: `\(input)` (\(reason))", .dim))
        return true
    }

    /// The requests the session's own `URLSession`s made since the last call (the host writes them,
    /// a file each, as they end: SessionRequests.swift), in the order they ended.
    public func takeSessionRequests() -> [Exchange] {
        guard let directory else { return [] }
        let folder = directory.file(PromptFiles.sessionRequests)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.first?.isNumber == true && $0.hasSuffix(".bin") }.sorted()
        return names.flatMap { name -> [Exchange] in
            let file = folder.appendingPathComponent(name)
            defer { try? FileManager.default.removeItem(at: file) }
            let data = (try? Data(contentsOf: file)) ?? Data()
            return PromptEvent.all(in: data).compactMap { if case .exchange(let exchange) = $0 { exchange } else { nil } }
        }
    }
}

/// Which input's library holds the code that trapped: the runtime's report lists the stack, innermost
/// frame first, each with its library (`lib__wb_in7.so`); the outermost frame of an input's library
/// is the code that input started (a `Task`'s closure), even when it called a function of another.
enum HostTrapSite {
    static func module(in errors: String) -> String? {
        var found: String?
        var rest = errors[...]
        while let range = rest.range(of: "lib\(HostModuleName.prefix)") {
            let digits = rest[range.upperBound...].prefix { $0.isNumber }
            if !digits.isEmpty, rest[range.upperBound...].dropFirst(digits.count).hasPrefix(".so") {
                found = HostModuleName.prefix + digits
            }
            rest = rest[range.upperBound...]
        }
        return found
    }
}

/// What the pump's thread reports and the host's actor takes: the host ended between inputs, with
/// the module the trap was in when the runtime said.
final class EndedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var module: String?

    func set(module: String?) { lock.withLock { ended = true; self.module = module } }

    /// Whether it was set (and the module), clearing it.
    func take() -> (ended: Bool, module: String?) {
        lock.withLock {
            defer { ended = false; module = nil }
            return (ended, module)
        }
    }
}
