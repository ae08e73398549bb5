import Foundation
import Subprocess
import SystemPackage

/// A program run to its end through swift-subprocess: the compiler's jobs, `swiftc -###`, a
/// playground's module, and (`PackageCommandRun`) SwiftPM and git. Each gets exactly `environment`,
/// standard input from /dev/null, and a process group of its own: the terminal's Ctrl-C reaches
/// only the REPL, and stopping the group stops what the program started too. Its temporary files
/// go to the process's scratch folder (TMPDIR): the driver's `TemporaryDirectory.*` folders of a
/// compile that was stopped would otherwise stay in /tmp.
package enum ToolRun {
    /// What stopping a run sends unless its caller says otherwise: SIGKILL to the whole group.
    static let killGroup: [TeardownStep] = [.send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .zero)]

    package static func configuration(_ executable: String, _ arguments: [String], environment: [String: String],
                              teardown: [TeardownStep] = killGroup) -> Configuration {
        var options = PlatformOptions()
        options.processGroupID = 0
        options.teardownSequence = teardown
        var environment = environment
        environment["TMPDIR"] = ProcessScratchFolder.url.path
        let variables = Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })
        return Configuration(executable: .path(FilePath(executable)), arguments: Arguments(arguments),
                             environment: .custom(variables), platformOptions: options)
    }

    /// What a run came to: its exit code (128 + the signal's number when a signal ended it) and what
    /// it wrote to standard output and error.
    package struct Outcome {
        package let status: Int32
        package let output: String
        package let errors: String
    }

    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws(SpawnError) -> Outcome {
        do {
            let result = try await Subprocess.run(configuration(executable, arguments, environment: environment),
                                                  output: .string(limit: .max), error: .string(limit: .max))
            return Outcome(status: status(result.terminationStatus), output: result.standardOutput, errors: result.standardError)
        } catch {
            throw SpawnError(executable: executable, error)
        }
    }

    package static func status(_ termination: TerminationStatus) -> Int32 {
        switch termination {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }
}

/// The program could not be started.
package struct SpawnError: Error, CustomStringConvertible {
    package let executable: String
    package let reason: String

    package init(executable: String, code: Int32) {
        self.executable = executable
        reason = String(cString: strerror(code))
    }

    package init(executable: String, _ error: any Error) {
        self.executable = executable
        if let failure = error as? SubprocessError, let code = failure.underlyingError?.rawValue {
            reason = String(cString: strerror(code))
        } else {
            reason = "\(error)"
        }
    }

    package var description: String { "cannot start \(executable): \(reason)" }
}
