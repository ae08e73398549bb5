import ArgumentParser
import Foundation
import REPL

/// `workbench replay NAME|PATH … [--step] [--check] [--results] [--junit FILE] [--tap FILE]`:
/// snippets replayed from the shell. The options' help is the prompt's (`ReplayOption.all`).
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay snippets statement by statement against an embedded sandbox.",
        discussion: """
            NAME is Snippets/NAME.swift under the current directory; anything with a '/' or ending \
            in .swift is a path; a PATH ending in .playground is an Xcode playground, whose pages run \
            one after the other, each its own program, their markup rendered; a .swift file with #Playground \
            blocks runs as one program, each block's body in a scope of its own, in the file's order; \
            a PATH ending in .ipynb is a Jupyter notebook, whose code cells run as the Workbench kernel \
            runs them (with --check, each cell's output must be the notebook's). \
            Each statement is printed (dimmed on a terminal), then its result. \
            With --results the snippet is compiled as a playground and its source is shown with \
            each line's values beside it (one `LINE  value` line per result when not on a terminal). \
            Several snippets replay one after the other (`workbench replay Snippets/*.swift --check`); \
            --junit and --tap write a report of the run for CI, one test case per snippet. \
            The exit status is 1 when any statement failed.
            """
    )

    @Argument(help: "The snippets: names in Snippets/, paths to .swift files, or one .playground bundle or .ipynb notebook.")
    var snippets: [String]

    @Flag(help: ArgumentHelp(Self.sentence("--step")))
    var step = false

    @Flag(help: ArgumentHelp(Self.sentence("--check")))
    var check = false

    @Flag(help: ArgumentHelp(Self.sentence("--results")))
    var results = false

    @Option(help: ArgumentHelp(Self.sentence("--dir")))
    var dir: String?

    @Option(help: ArgumentHelp(Self.sentence("--junit"), valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp(Self.sentence("--tap"), valueName: "file"))
    var tap: String?

    @Flag(name: .customLong("no-sandbox"), help: "Do not start the embedded sandbox.")
    var noSandbox = false

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as written.")
    var offline = false

    /// The prompt's help of a `replay` option as ArgumentParser's lines read: a capital and a stop.
    static func sentence(_ option: String) -> String {
        let help = ReplayOption.help(option)
        return help.prefix(1).uppercased() + help.dropFirst() + "."
    }

    var request: ReplayRequest {
        ReplayRequest(targets: snippets, step: step, check: check, results: results, directory: dir, junit: junit, tap: tap)
    }

    func validate() throws {
        // The rules the prompt's `replay` follows too (ReplayRequest.problem).
        if let problem = request.problem { throw ValidationError(problem) }
    }

    func run() async throws {
        let request = self.request
        // ArgumentParser hands `--offline` and `--no-sandbox` to the parent command, which declares them too.
        let given = CommandLine.arguments.dropFirst()
        let offline = self.offline || given.contains("--offline")
        let noSandbox = self.noSandbox || given.contains("--no-sandbox")
        if offline && noSandbox { throw ValidationError("--offline needs the sandbox; drop --no-sandbox") }
        let status = await request.runFromShell(startSandbox: !noSandbox, offline: offline)
        if status != 0 { throw ExitCode(status) }
    }
}
