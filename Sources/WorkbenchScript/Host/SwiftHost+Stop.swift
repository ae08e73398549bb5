import Foundation
import WorkbenchKit

/// What the host ended of the work the inputs left running: timers of the main run loop, tasks the
/// inputs' code started, requests in flight (Sources/WorkbenchHost/work.c).
public struct StoppedWork: Equatable, Sendable {
    public var timers = 0
    public var tasks = 0
    public var requests = 0

    public init(timers: Int = 0, tasks: Int = 0, requests: Int = 0) {
        self.timers = timers
        self.tasks = tasks
        self.requests = requests
    }

    /// From the host's answer to `stop`: `ok TIMERS TASKS REQUESTS`.
    init?(answer: String) {
        let words = answer.split(separator: " ")
        guard words.count == 4, words[0] == "ok", let timers = Int(words[1]), let tasks = Int(words[2]), let requests = Int(words[3])
        else { return nil }
        self.init(timers: timers, tasks: tasks, requests: requests)
    }

    public var isEmpty: Bool { timers == 0 && tasks == 0 && requests == 0 }

    /// `1 timer, 2 tasks`: each kind that was stopped, counted.
    public var counted: String {
        [(timers, "timer"), (tasks, "task"), (requests, "request")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
    }

    /// The line Ctrl-C at an empty prompt and `stop` print.
    public var line: String { isEmpty ? "nothing was left running" : "stopped " + counted }
}

extension SwiftHost {
    /// Ends the work the inputs left running (Ctrl-C at an empty prompt, `stop`): the main run
    /// loop's timers are invalidated, the tasks the inputs' code started are cancelled (a task
    /// stops where it next checks, as `Task.sleep` does), and the requests in flight end with an
    /// error. Nothing when no host runs; nil, said in one line, when it did not answer: busy with
    /// work on its main thread (a main-queue block that never returns), it is ended then, and the
    /// next input rebuilds the session without the input that ran last.
    public func stopWorkLeftRunning() async -> StoppedWork? {
        guard process != nil else { return StoppedWork() }
        let stopped = await stopWork(output: console)
        if let process { startPump(process) }
        return stopped
    }

    /// Sends `stop`, with what the host prints meanwhile going to `output`.
    func stopWork(output: Console) async -> StoppedWork? {
        guard let process else { return nil }
        pump?.stop()
        pump = nil
        // The host reads the command between two passes of its run loop: a block on its main queue
        // that runs on keeps it from ever reading it.
        let reply = await send("stop\n", to: process, output: output, interrupted: { false }, answerWithin: .seconds(2))
        let errors = reply.map { String(decoding: $0.errors, as: UTF8.self) } ?? ""
        guard case .answered(let answer)? = reply?.end, let stopped = StoppedWork(answer: answer) else {
            endProcess()
            endedBetweenInputs.set(module: HostTrapSite.module(in: errors))
            show("error: the Swift host did not answer (work left running keeps it busy), so it was ended; the next input rebuilds the session", on: console)
            return nil
        }
        if !errors.isEmpty {
            output.write(ModuleNameFilter.rewrite(errors, module: configuration.moduleName))
            output.flush()
        }
        return stopped
    }
}
