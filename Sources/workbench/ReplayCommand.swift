import ArgumentParser
import Foundation
import REPL

/// `workbench replay NAME|PATH [--step] [--check] [--results]`: a snippet replayed from the shell.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a snippet statement by statement against an embedded sandbox.",
        discussion: """
            NAME is Snippets/NAME.swift under the current directory; anything with a '/' or ending \
            in .swift is a path; a PATH ending in .playground is an Xcode playground, whose pages run \
            one after the other, each its own program, their markup rendered. Each statement is printed (dimmed on a terminal), then its result. \
            With --results the snippet is compiled as a playground and its source is shown with \
            each line's values beside it (one `LINE  value` line per result when not on a terminal). \
            The exit status is 1 when any statement failed.
            """
    )

    @Argument(help: "The snippet: a name in Snippets/, a path to a .swift file, or a .playground bundle.")
    var snippet: String

    @Flag(help: "Wait for Enter before each statement; q stops.")
    var step = false

    @Flag(help: "Stop at the first failing statement (the exit status is 1 whenever one failed).")
    var check = false

    @Flag(help: "Show the source with a results column: each line's last value, as a playground shows it.")
    var results = false

    @Option(help: "The snippets folder (default: ./Snippets).")
    var dir: String?

    @Flag(name: .customLong("no-sandbox"), help: "Do not start the embedded sandbox.")
    var noSandbox = false

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as written.")
    var offline = false

    func run() async throws {
        let request = ReplayRequest(target: snippet, step: step, check: check, results: results, directory: dir)
        // ArgumentParser hands `--offline` and `--no-sandbox` to the parent command, which declares them too.
        let given = CommandLine.arguments.dropFirst()
        let offline = self.offline || given.contains("--offline")
        let noSandbox = self.noSandbox || given.contains("--no-sandbox")
        if offline && noSandbox { throw ValidationError("--offline needs the sandbox; drop --no-sandbox") }
        let status = await request.runFromShell(startSandbox: !noSandbox, offline: offline)
        if status != 0 { throw ExitCode(status) }
    }
}
