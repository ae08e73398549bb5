import Foundation
import WorkbenchKit

/// A Jupyter notebook (`.ipynb`, nbformat 4) as `replay` and `open` read it: its cells in order,
/// each code cell's source and the output it holds, as the prompt would have printed it.
struct NotebookFile {
    struct Cell {
        enum Kind { case code, markdown, raw }
        let kind: Kind
        let source: String
        /// Its streams' text and its errors' tracebacks, one line each, in order.
        let output: String
        /// Whether the notebook holds a run of it (an execution count or outputs).
        let ran: Bool
    }

    let url: URL
    let cells: [Cell]

    var codeCells: [Cell] { cells.filter { $0.kind == .code } }

    static func isNotebook(_ path: String) -> Bool { path.hasSuffix(".ipynb") }

    /// Reads `path`; a missing file or one that is not a notebook is one line.
    static func read(_ path: String) throws(UsageError) -> NotebookFile {
        let url = URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw UsageError("cannot read \(path): no such file") }
        guard let notebook = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw UsageError("\(path) is not a Jupyter notebook (JSON with a list of cells)")
        }
        guard (notebook["nbformat"] as? Int ?? 4) >= 4 else {
            throw UsageError("\(path) is nbformat \(notebook["nbformat"] ?? "?"): open it in Jupyter once to save it as nbformat 4")
        }
        guard let cells = notebook["cells"] as? [[String: Any]] else {
            throw UsageError("\(path) is not a Jupyter notebook (JSON with a list of cells)")
        }
        return NotebookFile(url: url, cells: cells.map { cell in
            let outputs = cell["outputs"] as? [[String: Any]] ?? []
            let kind: Cell.Kind = switch cell["cell_type"] as? String {
            case "code": .code
            case "markdown": .markdown
            default: .raw
            }
            return Cell(kind: kind, source: text(cell["source"]), output: outputs.map(outputText).joined(),
                        ran: cell["execution_count"] is Int || !outputs.isEmpty)
        })
    }

    /// A notebook's multi-line string: one string, or a list of lines.
    private static func text(_ value: Any?) -> String {
        (value as? String) ?? (value as? [String])?.joined() ?? ""
    }

    /// An output as the prompt prints it: a stream's text, an error's traceback lines; a value
    /// (`execute_result`, `display_data`) by its `text/plain`.
    private static func outputText(_ output: [String: Any]) -> String {
        switch output["output_type"] as? String {
        case "stream": return text(output["text"])
        case "error": return (output["traceback"] as? [String] ?? []).map { $0 + "\n" }.joined()
        default:
            let plain = text((output["data"] as? [String: Any])?["text/plain"])
            return plain.isEmpty || plain.hasSuffix("\n") ? plain : plain + "\n"
        }
    }

    /// `open X.ipynb`: a line for the notebook, then one for each cell (a code cell's number and
    /// first line, a Markdown cell's first line after `┃`).
    func list(as path: String, on console: Console) {
        let markdown = cells.filter { $0.kind == .markdown }.count
        console.line("\(path): \(codeCells.count) code \(codeCells.count == 1 ? "cell" : "cells"), \(markdown) Markdown · "
                     + "`replay \(Arguments.quoted(path))` runs them (--check compares their output)")
        var number = 0
        for cell in cells where cell.kind != .raw {
            let lines = cell.source.split(separator: "\n")
            let more = lines.count > 1 ? console.styled(" (+\(lines.count - 1) lines)", .dim) : ""
            if cell.kind == .markdown {
                console.line(console.styled("  ┃ " + (lines.first.map(String.init) ?? ""), .dim))
            } else {
                number += 1
                console.line("  [\(number)] " + (lines.first.map(String.init) ?? "") + more)
            }
        }
    }
}
