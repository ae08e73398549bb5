import Foundation
import LineEditor
import ReplayReports
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

    /// Runs the cells in the notebook's folder, as Jupyter starts a kernel there (a relative path
    /// in a cell is the notebook's); the report's case for the notebook.
    func run(console: Console, sandboxURL: URL?, offline: Bool) async -> CheckReport.Case {
        // Named as the folder the replay was asked in sees it.
        let file = SnippetsFolder.display(notebook.url)
        return await Self.inFolder(notebook.url.deletingLastPathComponent()) {
            await cells(console: console, sandboxURL: sandboxURL, offline: offline, file: file)
        }
    }

    private func cells(console: Console, sandboxURL: URL?, offline: Bool, file: String) async -> CheckReport.Case {
        let started = Date()
        let session = Self.session(console: console, sandboxURL: sandboxURL, offline: offline, languageMode: languageMode)
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
            let (output, succeeded) = await Self.run(cell: cell.source, in: session, last: number == notebook.codeCells.count)
            if let failure = failure(of: cell, number: number, output: output, succeeded: succeeded) {
                failures.append(failure)
                if succeeded { console.failure("error: cell \(number): \(failure.message)") }
                let left = notebook.codeCells.count - number
                if left > 0 { console.line(console.styled("stopped at cell \(number): the \(left) after it did not run", .dim)) }
                break
            }
        }
        session.swiftRunner?.close()
        return CheckReport.Case(file: file, seconds: Date().timeIntervalSince(started), result: failures.isEmpty ? .passed : .failed(failures))
    }

    /// Why the cell failed: an input's error, or (checking) output other than the notebook's.
    private func failure(of cell: NotebookFile.Cell, number: Int, output: String, succeeded: Bool) -> CheckReport.Failure? {
        if !succeeded {
            return CheckReport.Failure(line: number, message: Self.failureLine(in: output), source: cell.source)
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

    /// The line that says why a cell failed: its last error line without `error: `.
    static func failureLine(in output: String) -> String {
        let line = output.split(separator: "\n").last { $0.hasPrefix("error:") || $0 == "interrupted" }
        return line.map { String($0.dropFirst($0.hasPrefix("error: ") ? 7 : 0)) } ?? "the cell failed"
    }

    /// `body` run with `folder` as the current folder, the one before it current again after.
    static func inFolder<T>(_ folder: URL, _ body: () async -> T) async -> T {
        let files = FileManager.default
        let before = files.currentDirectoryPath
        guard folder.standardizedFileURL.path != before, files.changeCurrentDirectoryPath(folder.path) else { return await body() }
        defer { files.changeCurrentDirectoryPath(before) }
        return await body()
    }

    /// A session of its own for a notebook's cells, as the kernel's is: nothing is typed while
    /// they run, so `play` in a cell runs its file once.
    static func session(console: Console, sandboxURL: URL?, offline: Bool, languageMode: SwiftLanguageMode) -> Session {
        let session = Session(console: console, isInteractive: false)
        session.sandboxURL = sandboxURL
        session.offline = offline
        session.languageMode = languageMode
        session.waitingLine = { .end }
        return session
    }

    /// Runs a cell's inputs as the kernel does, up to the first that fails: what the prompt
    /// showed for them, and whether every one succeeded. After the `last` cell, the work the
    /// notebook left running (a completion handler, a page's `needsIndefiniteExecution`) ends
    /// first, what it prints in that cell's output, as a kernel that stays up shows it there.
    static func run(cell source: String, in session: Session, last: Bool = false) async -> (output: String, succeeded: Bool) {
        let console = session.console
        let copy = console.startCopy(limit: copyLimit)
        var succeeded = true
        for input in NotebookCells.inputs(of: source, commands: session.commands) where succeeded {
            succeeded = await session.evaluate(input) && !Interrupt.isPending
        }
        if last && succeeded { await session.swiftRunner?.settleLeftWork() }
        console.flush()
        return (ShownInputs.shown(console.endCopy(copy), cut: false), succeeded)
    }

    private func show(_ source: String, prefix: String, on console: Console) {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            console.line(console.styled(prefix + line, .dim))
        }
    }

    /// The most of a cell's output compared (a body of tens of megabytes is rare in a notebook).
    static let copyLimit = 64 << 20

    /// `text` with what differs from run to run written the same: a request's duration in its
    /// status line (`· 13 ms`, `· <1 ms`, `· 1.2 s`), the port the sandbox listens on, the
    /// process's scratch folder (where a playground's resources are linked), objects' addresses.
    nonisolated static func comparable(_ text: String) -> String {
        text.replacing(/\ · (<1|\d+(\.\d+)?) (ms|s)(?= ·|\n|$)/, with: " · N ms")
            .replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
            .replacing(/\/workbench-\d+\//, with: "/workbench-PID/")
            // An object's address, as `<URLSessionDataTask: 0x…>` prints it.
            .replacing(/0x[0-9a-f]{8,16}\b/, with: "0xADDRESS")
    }
}
