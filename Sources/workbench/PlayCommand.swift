import ArgumentParser
import Foundation
import REPL

/// `workbench play FILE.swift`: the REPL, started by playing the file (`play FILE`).
struct PlayFileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a Swift file, and again from the first changed line each time it is saved.",
        discussion: """
            As typing `play FILE` first: the statements above a change keep their values, their \
            requests are not sent again. At a terminal `q` or Ctrl-C leaves play for the prompt, \
            with the file's values bound; piped, the end of input ends it. With --block, only the \
            code outside the file's #Playground blocks and that block run.
            """
    )

    @Argument(help: "The Swift file.")
    var file: String

    @Option(help: ArgumentHelp("Play one #Playground block of the file: its name, or its number as `open` lists them.", valueName: "name"))
    var block: String?

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as typed.")
    var offline = false

    @Flag(name: .customLong("no-sandbox"), help: "Do not start the embedded sandbox.")
    var noSandbox = false

    func run() async throws {
        var options = Startup.Options()
        // ArgumentParser hands `--offline` and `--no-sandbox` to the parent command, which declares them too.
        let given = CommandLine.arguments.dropFirst()
        options.offline = offline || given.contains("--offline")
        options.sandbox = !(noSandbox || given.contains("--no-sandbox"))
        if options.offline && !options.sandbox { throw ValidationError("--offline needs the sandbox; drop --no-sandbox") }
        options.play = file
        options.playBlock = block
        let status = await Startup.runREPL(options)
        if status != 0 { throw ExitCode(status) }
    }
}
