import Foundation
import REPL

// A bare `workbench` skips argument parsing: its first dynamic casts cost start-up time
// (docs/ARCHITECTURE.md, "Start-up costs"), and the prompt should appear as fast as possible.
if CommandLine.arguments.count == 1 {
    exit(await Startup.runREPL())
}
await WorkbenchCommand.parseAndRun()
