import ArgumentParser
import Foundation
import REPL

/// `workbench`: the REPL, and its subcommands.
struct WorkbenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "A Swift REPL for exploring and teaching HTTP/JSON APIs.",
        usage: "workbench [--offline] [--no-sandbox] [--spec <spec>] [--swift <5|6>]\nworkbench <subcommand>",
        discussion: """
            Without a subcommand, starts the REPL with the embedded sandbox. Type `help` at the \
            prompt for its commands. When input is piped (`printf 'help\\nquit\\n' | workbench`), \
            no prompt is shown and the exit status is 1 if any line failed.
            """,
        version: Startup.version,
        subcommands: [SandboxServerCommand.self, ReplayCommand.self, OpenPlaygroundCommand.self, PlayFileCommand.self, KernelCommand.self]
    )

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as typed.")
    var offline = false

    @Flag(name: .customLong("no-sandbox"), help: "Do not start the embedded sandbox.")
    var noSandbox = false

    @Option(help: "An OpenAPI document to load at start, as `spec SOURCE` would (a file, a URL, sandbox/NAME).")
    var spec: String?

    @Option(name: .customLong("swift"), help: ArgumentHelp("The Swift language mode compiled input is checked in: 5 (the default, as in a playground) or 6.", valueName: "5|6"))
    var swiftVersion: String?

    func run() async throws {
        var options = Startup.Options()
        if let swiftVersion {
            guard options.chooseLanguageMode(swiftVersion) else {
                throw ValidationError("--swift takes 5 or 6, not '\(swiftVersion)'")
            }
        }
        options.offline = offline
        options.sandbox = !noSandbox
        options.spec = spec
        if offline && noSandbox {
            throw ValidationError("--offline needs the sandbox; drop --no-sandbox")
        }
        let status = await Startup.runREPL(options)
        if status != 0 { throw ExitCode(status) }
    }
}

extension WorkbenchCommand {
    /// Parses the command line and runs the chosen (sub)command; ArgumentParser's own `main()`
    /// picks its synchronous overload from top-level code and refuses to run an async command.
    static func parseAndRun() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
