import Foundation
import Testing
import TestSupport

/// `export notebook` and `export markdown` of a session typed at the prompt: the notebook is one
/// nbformat accepts, and run by the kernel with nbclient it prints what it holds; the handout has
/// what the reader typed and every output, and none of the set-up or the terminal's hints.
@Suite struct NotebookExportTests {
    static let inputs = [
        "get https://jsonplaceholder.typicode.com/posts userId==1",
        "struct Post: Codable { let userId: Int; let id: Int; let title: String }",
        "let posts = decode [Post]",
        "print(posts.map(\\.title).prefix(3))",
        "let first = posts[0]",
        "first.title.count",
    ]

    @Test func anExportedNotebookIsValidAndRunsToTheOutputsItHolds() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = Self.inputs.joined(separator: "\n")
            + "\nexport notebook lesson \"Posts of one user\" --dir \(folder.url.path)\nexport markdown lesson --dir \(folder.url.path)\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: isolatedEnvironment(home: folder.url))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("wrote \(folder.url.path)/lesson.ipynb (6 inputs with their output; Jupyter runs it with the Workbench kernel)\n"
                                     + "wrote \(folder.url.path)/lesson.md (6 inputs with their output)\n"), "\(run.output)")

        let path = folder.url.appendingPathComponent("lesson.ipynb").path
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let savedCells = try #require(saved["cells"] as? [[String: Any]]).filter { $0["cell_type"] as? String == "code" }
        #expect(savedCells.map { ($0["source"] as? [String])?.joined() } == Self.inputs.map { Optional($0) })
        // nbclient runs it on the kernel (run_notebooks.py checks it with nbformat.validate first and after).
        let executed = try await JupyterClients.run("run_notebooks.py", [path])
        let notebooks = try #require(try JSONSerialization.jsonObject(with: Data(executed.output.utf8)) as? [String: Any], "\(executed.errorOutput)")
        let ranCells = try #require(notebooks[path] as? [[String: Any]])
        #expect(ranCells.count == 6)
        for (ran, kept) in zip(ranCells, savedCells) {
            let ranText = JupyterClients.text(of: ran["outputs"] as? [[String: Any]] ?? [], notebook: true)
            let keptText = JupyterClients.text(of: kept["outputs"] as? [[String: Any]] ?? [], notebook: true)
            #expect(!keptText.isEmpty)
            #expect(JupyterClients.withoutTimings(ranText) == JupyterClients.withoutTimings(keptText))
        }
    }

    @Test func replayOfTheExportedNotebookPrintsWhatItHoldsAndCheckFindsADifference() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = Self.inputs.joined(separator: "\n") + "\nexport notebook lesson --dir \(folder.url.path)\n"
        let environment = isolatedEnvironment(home: folder.url)
        let session = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: environment)
        #expect(session.status == 0, "\(session.output)")
        let path = folder.url.appendingPathComponent("lesson.ipynb").path
        let report = folder.url.appendingPathComponent("report.xml").path
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", path, "--check", "--offline", "--junit", report],
                                              input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.errorOutput)")
        // Each cell echoed, then what the prompt printed for it in the session.
        let printed = replayed.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("» ") && !$0.hasPrefix("┃ ") }
        let sessionOutput = session.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("wrote ") }
        #expect(NotebookExportTests.withoutTimings(printed.dropLast(2)) == NotebookExportTests.withoutTimings(sessionOutput.dropLast()))
        #expect(replayed.output.contains("» get https://jsonplaceholder.typicode.com/posts userId==1\n"))
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<testcase name=\"lesson\" classname=\"\(folder.url.path)\""))

        // A notebook whose output is not what its cell prints now.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "defined Post (3 properties)", with: "defined Post (4 properties)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let changed = try await PipedRun.run(try Binaries.workbench, ["replay", path, "--check", "--offline"], input: "", environment: environment)
        #expect(changed.status == 1)
        #expect(changed.output.hasSuffix("error: cell 2: its output differs from the notebook's at line 1: the notebook holds "
                                         + "'defined Post (4 properties)', the replay printed 'defined Post (3 properties)'\n"
                                         + "stopped at cell 2: the 4 after it did not run\n"), "\(changed.output)")
        #expect(!changed.output.contains("» let posts"))

        let listed = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: "open \(path)\n", environment: environment)
        #expect(listed.output.hasPrefix("\(path): 6 code cells, 1 Markdown · `replay \(path)` runs them (--check compares their output)\n"
                                        + "  ┃ # lesson\n  [1] get https://jsonplaceholder.typicode.com/posts userId==1\n"), "\(listed.output)")
    }

    @Test func secretsAreMaskedAndTheSetUpAnInputNeedsIsKept() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try "### post one\nGET https://jsonplaceholder.typicode.com/posts/1\n".write(to: folder.url.appendingPathComponent("lesson.http"),
                                                                                     atomically: true, encoding: .utf8)
        let typed = """
            open \(folder.url.path)/lesson.http
            send 1
            header Authorization: Bearer sk-ECHO-777
            get sandbox/httpbin/headers
            get sandbox/httpbin/get api_key==TOPSECRET42
            export notebook lesson --dir \(folder.url.path)
            export markdown lesson --dir \(folder.url.path)

            """
        let environment = isolatedEnvironment(home: folder.url)
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("sk-ECHO-777") && run.output.contains("TOPSECRET42"))
        for file in ["lesson.ipynb", "lesson.md"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("sk-ECHO-777") && !text.contains("TOPSECRET42"), "\(file): \(text)")
            // The echo of the header httpbin sends back (JSON-escaped in the notebook).
            #expect(text.contains(file.hasSuffix(".md") ? #""Authorization": "***""# : #"\"Authorization\": \"***\""#), "\(file): \(text)")
        }
        let notebook = folder.url.appendingPathComponent("lesson.ipynb").path
        let cells = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: notebook))) as? [String: Any])
        let sources = (cells["cells"] as? [[String: Any]] ?? []).filter { $0["cell_type"] as? String == "code" }
            .map { ($0["source"] as? [String])?.joined() ?? "" }
        #expect(sources == ["open \(folder.url.path)/lesson.http", "send 1", "header Authorization: ***", "get sandbox/httpbin/headers",
                            "get sandbox/httpbin/get api_key==***"])
    }

    private static func withoutTimings(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { String($0).replacing(/\ · \d+(\.\d+)? (ms|s)(?= ·|$)/, with: " · N ms") }
    }

    @Test func theHandoutHasWhatTheReaderTypedAndEveryOutput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = Self.inputs.joined(separator: "\n") + "\nexport markdown lesson --dir \(folder.url.path)\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: isolatedEnvironment(home: folder.url))
        #expect(run.status == 0, "\(run.output)")
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("lesson.md"), encoding: .utf8)
        // Blocks alternate: an input as typed, then what the prompt showed for it.
        let blocks = markdown.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(blocks.count == 12, "\(markdown)")
        let shown = blocks.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        #expect(shown == Self.inputs.enumerated().map { index, input in
            [0, 2].contains(index) ? "\nwb> \(input)\n" : "swift\n\(input)\n"
        })
        for output in blocks.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            #expect(run.output.contains(output.dropFirst()), "\(output)")
        }
        #expect(!markdown.contains("Sandbox.start") && !markdown.contains("Workbench(") && !markdown.contains("body --all"))
        #expect(markdown.contains("\n*22 more lines not shown.*\n"), "\(markdown)")
        #expect(markdown.contains("> Requests to the tutorials' real hosts were answered by Workbench's sandbox (offline mode)"))
    }
}
