import Foundation

/// An `.ipynb` (nbformat 4.5) for the Workbench kernel, as `export notebook` writes it: Markdown
/// cells and code cells, each code cell that ran with its output as one `stream` output.
struct NotebookDocument {
    enum Cell {
        case markdown(String)
        /// `output` is nil for a cell that did not run; a `hidden` cell's source is folded in
        /// JupyterLab (a playground's `//#-hidden-code`).
        case code(String, output: String?, hidden: Bool = false)
    }

    var cells: [Cell] = []

    /// The notebook's bytes; code cells that ran are numbered in order, as a kernel numbers them.
    var data: Data {
        var count = 0
        var cells: [[String: Any]] = []
        for (index, cell) in self.cells.enumerated() {
            switch cell {
            case .markdown(let source):
                cells.append(["id": "cell-\(index)", "cell_type": "markdown", "metadata": [String: Any](), "source": Self.lines(source)])
            case .code(let source, let output, let hidden):
                var code: [String: Any] = ["id": "cell-\(index)", "cell_type": "code", "source": Self.lines(source), "outputs": [Any]()]
                code["metadata"] = hidden ? ["jupyter": ["source_hidden": true]] : [String: Any]()
                code["execution_count"] = NSNull()
                if let output {
                    count += 1
                    code["execution_count"] = count
                    if !output.isEmpty { code["outputs"] = [["output_type": "stream", "name": "stdout", "text": Self.lines(output)]] }
                }
                cells.append(code)
            }
        }
        let notebook: [String: Any] = [
            "nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": [
                "kernelspec": ["name": "workbench", "display_name": "Swift (Workbench)", "language": "swift"],
                "language_info": ["name": "swift", "file_extension": ".swift", "mimetype": "text/x-swift", "codemirror_mode": "swift"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: notebook, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// A notebook's multi-line string: its lines, each but the last with its line break.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        if let last = lines.last {
            lines[lines.count - 1] = String(last.dropLast())
            if lines[lines.count - 1].isEmpty { lines.removeLast() }
        }
        return lines
    }
}
