import Foundation
import Testing
import TestSupport

/// The kernel driven by Jupyter's own clients (jupyter_client, nbclient), installed by the
/// Makefile into `.build/jupyter-venv`: the kernelspec `workbench kernel install` writes, the
/// protocol's requests, an interrupt, a restart, forged messages, and notebooks run as nbconvert
/// runs them, their outputs equal to the prompt's for the same code.
@Suite(.serialized)
struct KernelClientTests {
    /// What protocol_checks.py saw, run once for the checks below.
    static let checks = Task { try await JupyterClients.run("protocol_checks.py", []) }

    private func results() async throws -> (answers: [String: Any], log: String) {
        let run = try await Self.checks.value
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errorOutput)")
        return (answers, run.errorOutput)
    }

    @Test func kernelInfoNamesSwiftAndTheProtocolVersion() async throws {
        let info = try #require(try await results().answers["kernel_info"] as? [String: Any])
        #expect(info["protocol_version"] as? String == "5.3")
        #expect(info["implementation"] as? String == "workbench")
        let language = try #require(info["language_info"] as? [String: String])
        #expect(language == ["name": "swift", "version": "5", "mimetype": "text/x-swift", "file_extension": ".swift",
                             "codemirror_mode": "swift", "pygments_lexer": "swift"])
    }

    @Test func isCompleteFollowsThePromptsRule() async throws {
        let answers = try #require(try await results().answers["is_complete"] as? [String: String])
        #expect(answers == ["struct A {": "incomplete", "get /posts": "complete", "let a = [1,\n2]": "complete",
                            "let a = [1,\n": "incomplete", "json {\"a\":": "incomplete"])
    }

    @Test func completionIsTabsForTheWordBeforeTheCursorOnItsLine() async throws {
        let answers = try await results().answers
        let command = try #require(answers["complete_command"] as? [String: Any])
        #expect(command["matches"] as? [String] == ["head", "header", "headers"])
        #expect(command["cursor_start"] as? Int == 0 && command["cursor_end"] as? Int == 3)
        let secondLine = try #require(answers["complete_second_line"] as? [String: Any])
        #expect(secondLine["matches"] as? [String] == ["decode", "delete"])
        #expect(secondLine["cursor_start"] as? Int == 36 && secondLine["cursor_end"] as? Int == 38)
    }

    @Test func inspectionIsTheCommandsHelp() async throws {
        let answers = try await results().answers
        let found = try #require(answers["inspect_command"] as? [String: Any])
        let text = try #require((found["data"] as? [String: String])?["text/plain"])
        let help = try await JupyterClients.prompt("help get", offline: false)
        #expect(text + "\n" == help)
        let unknown = try #require(answers["inspect_unknown"] as? [String: Any])
        #expect(unknown["found"] as? Bool == false)
    }

    @Test func inspectionOfANameIsItsValueOrItsDeclaration() async throws {
        let answers = try #require(try await results().answers["inspect_values"] as? [String: [String: Any]])
        let text = { (code: String) in ((answers[code]?["data"] as? [String: String])?["text/plain"]) ?? "" }
        // A value the prompt holds: its type and text, as the prompt shows it.
        #expect(text("users[0].name") == "users[0].name: String\nLeanne Graham")
        #expect(text("print(users)").hasPrefix("users: [User] · 10 values\n[main.User(id: 1, name: \"Leanne Graham\", email: \"Sincere@april.biz\"), "),
                "\(text("print(users)"))")
        // Declared by Swift typed in a cell: the declaration, and where a compiled value is.
        #expect(text("x = User") == "struct User: Codable {\n  let id: Int\n  let name: String\n  let email: String\n}")
        #expect(text("four") == "let four = twice(2)\n(its value is in the compiled Swift session: `four` prints it)")
        #expect(text("twice(3)") == "func twice(_ n: Int) -> Int { n * 2 }")
        // A command's word is its help.
        #expect(text("decode [User]").hasPrefix("decode TYPE"), "\(text("decode [User]"))")
        #expect(answers.values.allSatisfy { $0["found"] as? Bool == true })
    }

    @Test func aCellPrintsWhatThePromptPrints() async throws {
        let answers = try await results().answers
        let request = try #require(answers["request"] as? [String: Any])
        #expect(Self.reply(request)["status"] as? String == "ok")
        #expect(Self.reply(request)["execution_count"] as? Int == 2)
        let prompt = try await JupyterClients.prompt("get sandbox/jsonplaceholder/posts/1", offline: true)
        #expect(JupyterClients.withoutTimings(JupyterClients.text(of: Self.outputs(request))) == JupyterClients.withoutTimings(prompt))
        // One output: the prompt's text, and the body as JSON for JupyterLab's tree.
        #expect(Self.outputs(request).map { $0["type"] as? String } == ["display_data"])
        let data = try #require((Self.outputs(request).first?["content"] as? [String: Any])?["data"] as? [String: Any])
        let body = try #require(prompt.split(separator: "\n", maxSplits: 1).last)
        let json = try #require(data["application/json"] as? [String: Any])
        #expect(NSDictionary(dictionary: json) == (try JSONSerialization.jsonObject(with: Data(body.utf8)) as? NSDictionary))
    }

    @Test func aDecodedArrayOfModelsIsAlsoATable() async throws {
        let answers = try await results().answers
        let table = try #require(answers["table"] as? [String: Any])
        #expect(Self.outputs(table).map { $0["type"] as? String } == ["display_data", "stream", "display_data"])
        let decoded = try #require((Self.outputs(table).last?["content"] as? [String: Any])?["data"] as? [String: String])
        let html = try #require(decoded["text/html"])
        #expect(html.hasPrefix("<table>\n<thead><tr><th>id</th><th>name</th><th>email</th></tr></thead>\n<tbody>\n"
                               + "<tr><td>1</td><td>Leanne Graham</td><td>Sincere@april.biz</td></tr>\n"), "\(html)")
        #expect(html.hasSuffix("</tbody>\n</table>\n"))
        #expect(html.components(separatedBy: "<tr><td>").count - 1 == 10)
        #expect(decoded["text/plain"]?.hasPrefix("[User] · 10 values\n[main.User(id: 1, name: \"Leanne Graham\"") == true, "\(decoded)")
        let many = try #require(answers["many_rows"] as? [String: Any])
        let manyHTML = try #require(((Self.outputs(many).last?["content"] as? [String: Any])?["data"] as? [String: String])?["text/html"])
        #expect(manyHTML.components(separatedBy: "<tr><td>").count - 1 == 100)
        #expect(manyHTML.hasSuffix("</table>\n<p>… 400 more rows (500 in all)</p>\n"))
    }

    @Test func anEventStreamIsShownAsItArrives() async throws {
        let stream = try #require(try await results().answers["event_stream"] as? [String: Any])
        let outputs = Self.outputs(stream)
        #expect(outputs.allSatisfy { $0["type"] as? String == "stream" }, "\(outputs)")
        #expect(JupyterClients.text(of: outputs).components(separatedBy: "event: tick").count - 1 == 4)
        // Its events, half a second apart, each went out as it came: not one output at the end.
        #expect(outputs.count >= 3, "\(outputs)")
    }

    @Test func anImageBodyIsDrawnBesideThePromptsText() async throws {
        let answers = try await results().answers
        for (name, type) in [("image", "image/png"), ("svg", "image/svg+xml")] {
            let cell = try #require(answers[name] as? [String: Any])
            #expect(Self.outputs(cell).map { $0["type"] as? String } == ["display_data"])
            let data = try #require((Self.outputs(cell).first?["content"] as? [String: Any])?["data"] as? [String: String])
            #expect(Set(data.keys) == ["text/plain", type])
            let prompt = try await JupyterClients.prompt("get sandbox/httpbin/image/\(name == "image" ? "png" : "svg")", offline: false)
            #expect(JupyterClients.withoutTimings(data["text/plain"] ?? "") == JupyterClients.withoutTimings(prompt))
            let bytes = type == "image/png" ? try #require(Data(base64Encoded: data[type] ?? "")) : Data((data[type] ?? "").utf8)
            // The whole body: its size is the one the status line gives.
            #expect(prompt.hasPrefix("HTTP 200 OK · \(type) · \(bytes.count < 1024 ? "\(bytes.count) B" : String(format: "%.1f KB", Double(bytes.count) / 1024))"), "\(prompt)")
            #expect(type == "image/png" ? bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) : String(decoding: bytes, as: UTF8.self).hasSuffix("</svg>\n"))
        }
    }

    @Test func cellsQueuedBehindAFailureAreAborted() async throws {
        #expect(try await results().answers["run_all_after_error"] as? [String] == ["error", "aborted", "aborted"])
        // `count += 100` did not run: the cell after them still prints 2.
        #expect(JupyterClients.text(of: Self.outputs(try #require(try await results().answers["after_forged"] as? [String: Any]))) == "2\n")
    }

    @Test func aRequestThatFailsIsItsTextThenItsError() async throws {
        let failed = try #require(try await results().answers["failed_request"] as? [String: Any])
        #expect(Self.outputs(failed).map { $0["type"] as? String } == ["error"])
        #expect(Self.reply(failed)["evalue"] as? String
                == "request to http://127.0.0.1:1/x failed: connection refused — nothing listens there: check the port and that the server is up")
        let text = try #require(try await results().answers["text_request"] as? [String: Any])
        #expect(Self.outputs(text).map { $0["type"] as? String } == ["stream"])
    }

    @Test func aFailureIsAnErrorMessageWithItsLineAsTraceback() async throws {
        let answers = try await results().answers
        let failure = try #require(answers["failure"] as? [String: Any])
        let expected: [String: Any] = [
            "ename": "error", "evalue": "1:14: cannot convert value of type 'String' to specified type 'Int'",
            "traceback": ["error: 1:14: cannot convert value of type 'String' to specified type 'Int'", "  let y: Int = \"a\"", "               ^"],
        ]
        #expect(NSDictionary(dictionary: Self.outputs(failure).first?["content"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: expected))
        #expect(Self.outputs(failure).count == 1)
        #expect(Self.reply(failure)["status"] as? String == "error")
        #expect(Self.reply(failure)["traceback"] as? [String] == expected["traceback"] as? [String])
    }

    @Test func aCellStopsAtItsFirstFailingInputAndKeepsWhatRanBefore() async throws {
        let answers = try await results().answers
        let stopped = try #require(answers["stops_at_failure"] as? [String: Any])
        #expect(Self.outputs(stopped).map { $0["type"] as? String } == ["error"])
        #expect(Self.reply(stopped)["evalue"] as? String == "cannot find type 'Missing' in scope")
        #expect(JupyterClients.text(of: Self.outputs(try #require(answers["after_failure"] as? [String: Any]))) == "2\n")
    }

    @Test func forgedMessagesAreDroppedLoggedAndNeverRun() async throws {
        let (answers, log) = try await results()
        #expect(JupyterClients.text(of: Self.outputs(try #require(answers["after_forged"] as? [String: Any]))) == "2\n")
        #expect(log.contains("workbench kernel: dropped a message with a wrong signature, unread"))
        #expect(log.contains("workbench kernel: dropped a message without a signature, unread"))
        let key = try #require(answers["key"] as? String)
        #expect(!key.isEmpty && !log.contains(key))
    }

    @Test func anInterruptStopsAnEndlessLoopAndKeepsEarlierValues() async throws {
        let answers = try await results().answers
        let interrupted = try #require(answers["interrupt"] as? [String: Any])
        #expect(Self.reply(interrupted)["status"] as? String == "error")
        #expect(Self.reply(interrupted)["evalue"] as? String == "interrupted")
        #expect(JupyterClients.text(of: Self.outputs(try #require(answers["after_interrupt"] as? [String: Any]))) == "2\n")
    }

    @Test func withTheResultsColumnOnACellShowsItAsThePromptDoes() async throws {
        let cells = try #require(try await results().answers["results_column"] as? [[String: Any]])
        let code = "set results on\nvar total = 0\nfor n in [1, 2, 3] {\n    total += n\n}\nprint(total)\n"
        let prompt = try await JupyterClients.prompt(code, offline: true)
        #expect(cells.map { JupyterClients.text(of: Self.outputs($0)) }.joined() == prompt)
        #expect(prompt.contains("2  total = 6  (3 times)"), "\(prompt)")
    }

    @Test func theKernelListensOnlyWhereTheConnectionFileSays() async throws {
        let answers = try await results().answers
        let connection = try #require(answers["connection"] as? [String: Any])
        let ports = try #require(connection["ports"] as? [Int])
        let listening = try #require(answers["listening"] as? [[Any]])
        #expect(listening.allSatisfy { $0.first as? String == "127.0.0.1" })
        let listened = Set(listening.compactMap { $0.last as? Int })
        #expect(Set(ports).isSubset(of: listened))
        // The sixth is the embedded sandbox, which listens on 127.0.0.1 too.
        #expect(listened.count == ports.count + 1)
    }

    @Test func aRestartIsAFreshSessionAndShutdownEndsTheProcess() async throws {
        let answers = try await results().answers
        #expect(answers["restarted_pid_changed"] as? Bool == true)
        let restarted = try #require(answers["after_restart"] as? [String: Any])
        #expect(Self.reply(restarted)["evalue"] as? String == "1:7: cannot find 'count' in scope")
        #expect(Self.reply(restarted)["execution_count"] as? Int == 1)
        #expect(answers["shut_down"] as? Bool == true)
        #expect(answers["process_gone"] as? Bool == true)
    }

    @Test(arguments: ["users-and-posts", "country-borders", "met-search"])
    func aTutorialNotebookRunsWithNbclientAsAtThePrompt(_ name: String) async throws {
        let path = JupyterClients.folder.appendingPathComponent("Notebooks/\(name).ipynb").path
        let run = try await JupyterClients.run("run_notebooks.py", [path])
        let notebooks = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errorOutput)")
        let cells = try #require(notebooks[path] as? [[String: Any]])
        #expect(cells.map { $0["execution_count"] as? Int } == Array(1...cells.count).map { Optional($0) })
        let notebookText = cells.map { JupyterClients.text(of: $0["outputs"] as? [[String: Any]] ?? [], notebook: true) }.joined()
        let code = cells.compactMap { $0["source"] as? String }.joined(separator: "\n") + "\n"
        let prompt = try await JupyterClients.prompt(code, offline: true)
        #expect(JupyterClients.withoutTimings(notebookText) == JupyterClients.withoutTimings(prompt))
    }

    private static func reply(_ result: [String: Any]) -> [String: Any] { result["reply"] as? [String: Any] ?? [:] }
    private static func outputs(_ result: [String: Any]) -> [[String: Any]] { result["outputs"] as? [[String: Any]] ?? [] }
}
