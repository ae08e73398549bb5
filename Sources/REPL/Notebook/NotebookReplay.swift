import Foundation
import LineEditor
import WorkbenchKit
import WorkbenchScript

/// `replay X.ipynb`: the notebook's code cells run in order in a session of their own, as the
/// Workbench kernel runs them (each cell's inputs as the prompt reads them), each cell's source
/// echoed first. It stops at the first cell that fails, as nbclient does. With `check`, each cell's
/// output is compared with the output the notebook holds (a request's duration and the sandbox's
/// port aside), and the replay stops at the first cell that differs too.
@MainActor
struct NotebookReplay {
    let notebook: NotebookFile
    var check = false
    /// The language mode its Swift is checked in (the session's that replays it).
    var languageMode = SwiftLanguageMode.swift5

    /// Runs the cells; the report's case for the notebook.
    func run(console: Console, sandboxURL: URL?, offline: Bool) async -> CheckReport.Case {
        let started = Date()
        let session = Session(console: console, isInteractive: false)
        session.sandboxURL = sandboxURL
        session.offline = offline
        session.languageMode = languageMode
        // Nothing is typed while a notebook replays: `play` in a cell runs its file once.
        session.waitingLine = { .end }
        var failures: [CheckReport.Failure] = []
        var number = 0
        for cell in notebook.cells {
            if Interrupt.isPending { break }
            guard cell.kind == .code else {
                if cell.kind == .markdown { show(cell.source, prefix: "┃ ", on: console) }
                continue
            }
            number += 1
            show(cell.source, prefix: "» ", on: console)
            let copy = console.startCopy(limit: Self.copyLimit)
            var succeeded = true
            for input in NotebookCells.inputs(of: cell.source, commands: session.commands) where succeeded {
                succeeded = await session.evaluate(input) && !Interrupt.isPending
            }
            console.flush()
            let output = ShownInputs.shown(console.endCopy(copy), cut: false)
            if let failure = failure(of: cell, number: number, output: output, succeeded: succeeded) {
                failures.append(failure)
                if succeeded { console.failure("error: cell \(number): \(failure.message)") }
                let left = notebook.codeCells.count - number
                if left > 0 { console.line(console.styled("stopped at cell \(number): the \(left) after it did not run", .dim)) }
                break
            }
        }
        session.swiftRunner?.close()
        let file = SnippetsFolder.display(notebook.url)
        return CheckReport.Case(file: file, seconds: Date().timeIntervalSince(started), result: failures.isEmpty ? .passed : .failed(failures))
    }

    /// Why the cell failed: an input's error, or (checking) output other than the notebook's.
    private func failure(of cell: NotebookFile.Cell, number: Int, output: String, succeeded: Bool) -> CheckReport.Failure? {
        if !succeeded {
            let line = output.split(separator: "\n").last { $0.hasPrefix("error:") || $0 == "interrupted" }
            return CheckReport.Failure(line: number, message: line.map { String($0.dropFirst($0.hasPrefix("error: ") ? 7 : 0)) } ?? "the cell failed",
                                       source: cell.source)
        }
        guard check, cell.ran else { return nil }
        var expected = Self.comparable(cell.output).split(separator: "\n", omittingEmptySubsequences: false)
        var printed = Self.comparable(output).split(separator: "\n", omittingEmptySubsequences: false)
        // An output `export notebook` cut ends with a note: what is before it must match.
        if let note = expected.firstIndex(of: Substring(HandoutDocuments.cutNote)) {
            expected = Array(expected[..<note])
            printed = Array(printed.prefix(note))
        }
        guard expected != printed else { return nil }
        let index = zip(expected, printed).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, printed.count)
        let held = index < expected.count ? "'\(ErrorLine.echo(expected[index]))'" : "nothing"
        let got = index < printed.count ? "'\(ErrorLine.echo(printed[index]))'" : "nothing"
        return CheckReport.Failure(line: number, message: "its output differs from the notebook's at line \(index + 1): the notebook holds \(held), the replay printed \(got)",
                                   source: cell.source)
    }

    private func show(_ source: String, prefix: String, on console: Console) {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            console.line(console.styled(prefix + line, .dim))
        }
    }

    /// The most of a cell's output compared (a body of tens of megabytes is rare in a notebook).
    static let copyLimit = 64 << 20

    /// `text` with what differs from run to run written the same: a request's duration in its
    /// status line (`· 13 ms`, `· <1 ms`, `· 1.2 s`) and the port the sandbox listens on.
    nonisolated static func comparable(_ text: String) -> String {
        text.replacing(/\ · (<1|\d+(\.\d+)?) (ms|s)(?= ·|\n|$)/, with: " · N ms")
            .replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
    }
}
