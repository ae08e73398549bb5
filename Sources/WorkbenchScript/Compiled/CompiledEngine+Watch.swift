import Foundation
import WorkbenchKit

extension CompiledEngine {
    /// How the program's process ended.
    struct Run {
        let status: Int32?
        let errors: String
        let stop: FailureLine.Stop?
    }

    /// Streams the program's standard output to the console and keeps its standard error until it
    /// ends; kills its process group on Ctrl-C (`interrupted`) or past the memory limit.
    func watch(_ process: ChildProcess, interrupted: () -> Bool) async -> Run {
        var errors: [UInt8] = []
        var outputOpen = true
        var errorsOpen = true
        var status: Int32?
        var stop: FailureLine.Stop?
        var lingering = 0
        while true {
            var descriptors: [pollfd] = []
            if outputOpen { descriptors.append(pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)) }
            if errorsOpen { descriptors.append(pollfd(fd: process.errors, events: Int16(POLLIN), revents: 0)) }
            // Short waits: Ctrl-C must stop the program within 100 ms, and memory is checked as often.
            _ = poll(&descriptors, nfds_t(descriptors.count), 10)
            if outputOpen {
                if let bytes = ChildProcess.readAvailable(process.output) {
                    if !bytes.isEmpty {
                        console.write(bytes: bytes)
                        console.flush()
                    }
                } else {
                    outputOpen = false
                }
            }
            if errorsOpen {
                if let bytes = ChildProcess.readAvailable(process.errors) {
                    if errors.count < 1 << 20 { errors += bytes }
                } else {
                    errorsOpen = false
                }
            }
            if stop == nil {
                if interrupted() {
                    process.killGroup()
                    stop = .interrupted
                } else if process.residentBytes() > configuration.memoryLimit {
                    process.killGroup()
                    stop = .memory(limit: configuration.memoryLimit)
                }
            }
            if status == nil { status = process.exitStatus(wait: false) }
            if status != nil {
                if !outputOpen && !errorsOpen { break }
                // Something the program started holds the pipes open: end it with the group.
                lingering += 1
                if lingering > 50 {
                    process.killGroup()
                    break
                }
            }
            await Task.yield()
        }
        process.killGroup()  // nothing the program started outlives it
        return Run(status: status, errors: String(decoding: errors, as: UTF8.self), stop: stop)
    }
}
