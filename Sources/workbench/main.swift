import Foundation
import REPL

Startup.stopStartedProgramsWhenEnded()

// The REPL's own flags skip argument parsing: ArgumentParser's first dynamic casts scan the
// runtime's conformance records (docs/ARCHITECTURE.md, "Start-up costs"), and the prompt should
// appear as fast as possible. Anything else (subcommands, --help, mistakes) goes to ArgumentParser.
if let options = Startup.Options(plainArguments: CommandLine.arguments.dropFirst()) {
    exit(await Startup.runREPL(options))
}
await WorkbenchCommand.parseAndRun()
