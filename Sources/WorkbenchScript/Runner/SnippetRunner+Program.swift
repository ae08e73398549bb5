import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// A playground page run as Xcode runs it: the whole page one program, compiled once, rather than
/// statement by statement (docs/playgrounds.md; figure 6 times it).
extension SnippetRunner {
    /// Runs the script's whole text as one input of the host: errors are placed at the page's own
    /// lines (the text keeps them); a failure is printed as one line. Returns whether it succeeded.
    public func runProgram() async -> Bool {
        let script = interpreter.script
        let (source, notes) = Self.programText(of: script)
        for note in notes {
            console.line(console.styled(note, .dim))
        }
        let file = script.fileName
        let text = script.text
        host.placeCompileError = { error in
            var placed = error
            placed.file = file
            // The page as written (the program has `import Foundation` for `import UIKit`).
            if error.sourceLine != nil { placed.sourceLine = CompileError.line(error.line, of: text) }
            return placed
        }
        host.placeCaughtUpError = { _, _ in nil }
        let outcome = await host.run(source, after: settledLog(), liveAnswers: liveAnswers?(), interrupted: interrupted)
        take(outcome, of: source)
        return outcome.succeeded
    }

    /// The text with each `import` the session decides itself (SessionImport) made what it means
    /// here, on its own line so the lines stay where they were: `import UIKit` is Foundation's
    /// (and said once), `import PlaygroundSupport` and `import Playgrounds` are WorkbenchKit's,
    /// already imported. A file's `#Playground` blocks are run in its order, each its own closure
    /// (PlaygroundBlock), on the same lines.
    nonisolated static func programText(of script: SnippetScript) -> (source: String, notes: [String]) {
        let text = PlaygroundBlock.programText(script.text, items: script.steps.map(\.item)) ?? script.text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var notes: [String] = []
        for step in script.steps {
            guard let kind = SessionImport(step.item), step.line <= lines.count else { continue }
            switch kind {
            case .appleOnly(let module):
                lines[step.line - 1] = "import Foundation"
                notes.append(SessionImport.appleOnlyNote(module))
            case .playgroundSupport, .alreadyThere:
                lines[step.line - 1] = ""
            case .module:
                break
            }
        }
        return (lines.joined(separator: "\n"), notes)
    }
}
