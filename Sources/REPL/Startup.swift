import Foundation
import LineEditor
import WorkbenchKit

/// How `workbench` starts the REPL: banner, session, line editor, loop.
public enum Startup {
    public static let version = "0.1.0"

    /// What the command line asked for.
    public struct Options: Sendable {
        public var historyFile: URL? = HistoryStore.defaultLocation()

        public init() {}
    }

    /// Runs the REPL until `quit` or end of input; returns the process exit status.
    ///
    /// Interactive runs always exit 0; piped runs exit 1 when any input failed, so scripts can rely on it.
    @MainActor
    public static func runREPL(_ options: Options = Options()) async -> Int32 {
        let editor = LineEditor(historyFile: options.historyFile)
        let session = Session(isInteractive: editor.isInteractive)
        if editor.isInteractive {
            let console = session.console
            console.line("Workbench \(version.dropLast(2)) · `help` lists commands · Ctrl-D quits")
        }
        let succeeded = await ReadEvalPrintLoop(session: session, editor: editor).run()
        return editor.isInteractive || succeeded ? 0 : 1
    }
}
