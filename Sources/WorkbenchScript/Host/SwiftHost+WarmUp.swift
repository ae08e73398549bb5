import Foundation
import Subprocess
import Synchronization
import ToolProcesses

extension SwiftHost {
    /// Readies the first compiled input while the user reads the banner and types: starts the host
    /// program and compiles an empty library with the inputs' own imports and flags, which fills the
    /// compiler's module cache (in a new `HOME` that is most of a first input's time). Nothing
    /// waits for it: an input compiled meanwhile shares the cache, each module built under a lock.
    /// Does nothing where the host cannot run; its failure is the first input's to report.
    public func warmUp() {
        guard warming == nil, (try? prepare()) != nil, let directory, let toolchain else { return }
        _ = ensureProcess()
        let module = "__wb_warm_up"
        let source = directory.file("\(module).swift")
        let empty = HostLibrary(number: 0, catchUp: [], inputs: [], imports: [], showsResults: false,
                                languageMode: configuration.languageMode)
        guard (try? Data(empty.program.source.text).write(to: source)) != nil else { return }
        let arguments = toolchain.arguments(source: source, module: module, library: directory.file("lib\(module).so"),
                                            directory: directory.url,
                                            key: HostCompileJobs.Key(languageMode: configuration.languageMode, modules: [], packages: nil, resultsColumn: false))
        warming = WarmUpRun.start(ToolRun.configuration(toolchain.compiler, arguments, environment: configuration.environment))
    }

    /// Forgets the warm-up compiler once it has ended; `stopping` kills it first.
    func endWarmUp(stopping: Bool) {
        guard let warming else { return }
        if stopping { warming.kill() }
        if stopping || warming.hasEnded { self.warming = nil }
    }
}

/// The warm-up compiler, run by swift-subprocess in a task of its own, which reaps it. `kill()` is
/// for the REPL's `close()`, which cannot wait: it kills the compiler's group at once.
final class WarmUpRun: Sendable {
    /// The compiler's process (its group's number) until it has ended, and whether the run is over.
    private let state = Mutex<(pid: pid_t?, ended: Bool)>((nil, false))

    static func start(_ configuration: Configuration) -> WarmUpRun {
        let run = WarmUpRun()
        Task.detached {
            _ = try? await Subprocess.run(configuration, input: .none, output: .sequence, error: .discarded) { execution in
                run.state.withLock { $0.pid = execution.processIdentifier.value }
                // Its output ends when it has: the group's number is let go before it is reaped.
                do { for try await _ in execution.standardOutput {} } catch {}
                run.state.withLock { $0.pid = nil }
            }
            run.state.withLock { $0.ended = true }
        }
        return run
    }

    var hasEnded: Bool { state.withLock { $0.ended } }

    func kill() {
        state.withLock { state in
            if let pid = state.pid { _ = Glibc.kill(-pid, SIGKILL) }
        }
    }
}
