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

    /// What the prompt shows for each input, offline, its time as `withoutTimings` leaves it: the
    /// body's first 40 lines, then Post's description, the decoded posts, three titles, a post and a count.
    static let body = SandboxAnswers.postsOfUserOneShown
    static let status = "HTTP 200 OK · application/json · 2.7 KB · N ms · offline\n"
    static let more = SandboxAnswers.postsOfUserOneMore + "\n"
    static let outputs: [String] = [
        status + body + more,
        "defined Post (3 properties)\n",
        "[Post] · 10 values\n[main.Post(userId: 1, id: 1, title: \"sunt aut facere repellat provident occaecati excepturi optio reprehenderit\"), main.Post(userId: 1, id: 2, title: \"qui est esse\"), main.Post(userId: 1, id: 3, title: \"ea molestias quasi exercitationem repellat qui ipsa sit aut\"), main.Post(userId: 1, id: 4, title: \"eum et est occaecati\"), main.Post(userId: 1, id: 5, title: \"nesciunt quas odio\"), main.Post(userId: 1, id: 6, title: \"dolorem eum magni eos aperiam quia\"), main.Post(userId: 1, id: 7, title: \"magnam facilis autem\"), main.Post(userId: 1, id: 8, title: \"dolorem dolore est ipsam\"), main.Post(userId: 1, id: 9, title: \"nesciunt iure omnis dolorem tempora et accusantium\"), main.Post(userId: 1, id: 10, title: \"optio molestias id quia eum\")]\n",
        #"["sunt aut facere repellat provident occaecati excepturi optio reprehenderit", "qui est esse", "ea molestias quasi exercitationem repellat qui ipsa sit aut"]"# + "\n",
        #"first: Post\#nPost(userId: 1, id: 1, title: "sunt aut facere repellat provident occaecati excepturi optio reprehenderit")\#n"#,
        "first.title.count: Int\n74\n",
    ]
    static let offlineNote = "Requests to the tutorials' real hosts were answered by Workbench's sandbox (offline mode): "
        + "the URLs are the real ones, the answers the sandbox's copies of them."

    /// `text` with each answer's time as `withoutTimings` leaves it.
    static func masked(_ text: String) -> String {
        text.replacing(/\ · \d+(\.\d+)? (ms|s)(?= ·|$)/.anchorsMatchLineEndings(), with: " · N ms")
    }

    @Test func anExportedNotebookIsValidAndRunsToTheOutputsItHolds() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let typed = Self.inputs.joined(separator: "\n")
            + "\nexport notebook lesson \"Posts of one user\" --dir \(folder.url.path)\nexport markdown lesson --dir \(folder.url.path)\n"
        let run = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: typed, environment: isolatedEnvironment(home: folder.url))
        #expect(run.status == 0, "\(run.output)")
        let wrote: String = "wrote \(folder.url.path)/lesson.ipynb (6 inputs with their output; Jupyter runs it with the Workbench kernel)\n"
            + "wrote \(folder.url.path)/lesson.md (6 inputs with their output)\n"
        #expect(Self.masked(run.output) == Self.outputs.joined() + wrote, "\(run.output)")

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
        // The whole replay: the Markdown cell, then each cell echoed and answered.
        let cells = zip(Self.inputs, Self.outputs).map { (input: String, output: String) in "» \(input)\n" + output }
        let markdownCell = "┃ # lesson\n┃ \n┃ \(Self.offlineNote)\n"
        #expect(Self.masked(replayed.output) == markdownCell + cells.joined() + "wrote JUnit report \(report) (1 test case)\n", "\(replayed.output)")
        // The report's format is ReplayReportTests' (EndToEndTests) to check whole; here, that the notebook is its case.
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<testcase name=\"lesson\" classname=\"\(folder.url.path)\""))

        // A notebook whose output is not what its cell prints now.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "defined Post (3 properties)", with: "defined Post (4 properties)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let changed = try await PipedRun.run(try Binaries.workbench, ["replay", path, "--check", "--offline"], input: "", environment: environment)
        #expect(changed.status == 1)
        let stopped: String = "error: cell 2: its output differs from the notebook's at line 1: the notebook holds "
            + "'defined Post (4 properties)', the replay printed 'defined Post (3 properties)'\n"
            + "stopped at cell 2: the 4 after it did not run\n"
        #expect(Self.masked(changed.output) == markdownCell + cells[0] + cells[1] + stopped, "\(changed.output)")

        let listed = try await PipedRun.run(try Binaries.workbench, ["--offline"], input: "open \(path)\n", environment: environment)
        let listing = Self.inputs.enumerated().map { "  [\($0.offset + 1)] \($0.element)\n" }.joined()
        #expect(listed.output == "\(path): 6 code cells, 1 Markdown · `replay \(path)` runs them (--check compares their output)\n"
                + "  ┃ # lesson\n" + listing, "\(listed.output)")
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
        // httpbin's echoes hold the headers URLSession takes from its libcurl (User-Agent,
        // Accept-Encoding), which vary: the session and the files are searched, not compared whole.
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
        #expect(Self.masked(run.output) == Self.outputs.joined() + "wrote \(folder.url.path)/lesson.md (6 inputs with their output)\n",
                "\(run.output)")
        // Blocks alternate: an input as typed, then what the prompt showed for it (the answer's
        // time as the session showed it); the body's lines past 40 are counted, not shown.
        let status = String(run.output.prefix { $0 != "\n" })
        let first: String = "# lesson\n\n> \(Self.offlineNote)\n\n```\nwb> \(Self.inputs[0])\n```\n\n```\n\(status)\n" + Self.body
            + "```\n\n*22 more lines not shown.*\n\n"
        let rest: [String] = (1..<6).map { (index: Int) -> String in
            let input = index == 2 ? "```\nwb> \(Self.inputs[index])\n```" : "```swift\n\(Self.inputs[index])\n```"
            return input + "\n\n```\n" + Self.outputs[index] + "```\n"
        }
        #expect(markdown == first + rest.joined(separator: "\n"), "\(markdown)")
        #expect(!markdown.contains("Sandbox.start") && !markdown.contains("Workbench(") && !markdown.contains("body --all"))
    }
}
