import Foundation
import TestSupport
import Testing

/// `export notebook` of a session typed at a real terminal: what only a terminal shows (the URL a
/// build command leaves, in dim) is on the screen but not in the notebook's outputs, which hold
/// what the input printed, without styles.
@Suite struct NotebookExportTerminalTests {
    /// The prompt once `base` named the API.
    static let prompt = "wb jsonplaceholder> "

    @Test func aNotebookKeepsWhatAnInputPrintedNotTheTerminalsEchoes() async throws {
        try await PseudoTerminal.withWorkbench(ending: .inBody) { terminal, home in
            var mark = terminal.mark
            terminal.type("base sandbox/jsonplaceholder\r")
            let echoed = try await terminal.waitForPrompt(Self.prompt, after: mark)
            #expect(echoed.contains("/jsonplaceholder"), "\(echoed)")
            mark = terminal.mark
            terminal.type("get /posts/1\r")
            try await terminal.waitFor("HTTP 200 OK", after: mark)
            try await terminal.waitForPrompt(Self.prompt, after: mark)
            mark = terminal.mark
            terminal.type("export notebook lesson --dir \(home.path)\r")
            try await terminal.waitFor("wrote", after: mark)
            try await terminal.waitForPrompt(Self.prompt, after: mark)
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)

            let notebook = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: home.appendingPathComponent("lesson.ipynb"))) as? [String: Any])
            let cells = (notebook["cells"] as? [[String: Any]] ?? []).filter { $0["cell_type"] as? String == "code" }
            #expect(cells.map { ($0["source"] as? [String])?.joined() } == ["base sandbox/jsonplaceholder", "get /posts/1"])
            let outputs = cells.map { cell in
                (cell["outputs"] as? [[String: Any]] ?? []).map { ($0["text"] as? [String])?.joined() ?? "" }.joined()
            }
            #expect(outputs[0] == "", "\(outputs[0])")
            #expect(outputs[1].hasPrefix("HTTP 200 OK · application/json · 292 B · "), "\(outputs[1])")
            #expect(!outputs[1].contains("\u{1B}") && !outputs[1].contains("\r"), "\(outputs[1])")
        }
    }
}
