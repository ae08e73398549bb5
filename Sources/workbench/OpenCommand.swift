import ArgumentParser
import Foundation
import REPL

/// `workbench open PATH.playground` (or a `.swift` file of `#Playground` blocks): the REPL, started
/// with the playground open (`open PATH`).
struct OpenPlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Start the REPL with an Xcode playground open: its Sources/ imported, its pages listed.",
        discussion: """
            As typing `open PATH` first: `page NAME` then runs a page into the session. \
            `workbench replay PATH.playground` runs every page without a prompt. A PATH.swift \
            with #Playground blocks is opened with its blocks as the pages.
            """
    )

    @Argument(help: "The .playground bundle, or a .swift file with #Playground blocks.")
    var playground: String

    @Flag(help: "Answer requests to the tutorials' real API hosts from the sandbox; URLs stay as typed.")
    var offline = false

    @Flag(name: .customLong("no-sandbox"), help: "Do not start the embedded sandbox.")
    var noSandbox = false

    @Option(name: .customLong("swift"), help: ArgumentHelp("The Swift language mode: 5 (the default, as in a playground) or 6.", valueName: "5|6"))
    var swiftVersion: String?

    func run() async throws {
        var options = Startup.Options()
        if let swiftVersion, !options.chooseLanguageMode(swiftVersion) {
            throw ValidationError("--swift takes 5 or 6, not '\(swiftVersion)'")
        }
        // ArgumentParser hands `--offline` and `--no-sandbox` to the parent command, which declares them too.
        let given = CommandLine.arguments.dropFirst()
        options.offline = offline || given.contains("--offline")
        options.sandbox = !(noSandbox || given.contains("--no-sandbox"))
        if options.offline && !options.sandbox { throw ValidationError("--offline needs the sandbox; drop --no-sandbox") }
        options.playground = playground
        let status = await Startup.runREPL(options)
        if status != 0 { throw ExitCode(status) }
    }
}
