import Foundation
import SandboxTestSupport
import Testing
import TestSupport
import WorkbenchKit
@testable import REPL

/// An `.http` file opened at the prompt: its requests listed, sent by name or number with their
/// `{{variables}}` filled in, all of them replayed in order, against the sandbox.
@MainActor
@Suite struct HTTPFileSessionTests {
    let console = Console(capturingWithColors: false)

    /// A lesson's requests in the shape both clients document: variables, a named request whose
    /// response a later one reads, a body from a file, an environment's variable, a handler not run.
    static let lesson = """
        @api = sandbox/jsonplaceholder

        ### The first post
        # @name first
        GET {{api}}/posts/1
        Accept: application/json

        ###
        # @name mine
        POST {{api}}/posts
        Content-Type: application/json

        {"title": "{{first.response.body.$.title}}", "userId": {{first.response.body.$.userId}}}

        > {%
            client.global.set("id", response.body.id);
        %}

        ### From a file
        PUT {{api}}/posts/1
        Content-Type: application/json

        < ./post.json

        ###
        GET {{echo}}/anything?who={{who}}
        """

    func session(_ root: URL, in folder: URL) throws -> Session {
        try Self.lesson.write(to: folder.appendingPathComponent("lesson.http"), atomically: true, encoding: .utf8)
        try #"{"title": "from a file", "userId": 2}"#.write(to: folder.appendingPathComponent("post.json"), atomically: true, encoding: .utf8)
        try #"{"dev": {"echo": "sandbox/httpbin"}, "$shared": {"who": "class"}}"#
            .write(to: folder.appendingPathComponent("http-client.env.json"), atomically: true, encoding: .utf8)
        let session = Session(console: console, isInteractive: false)
        session.sandboxURL = root
        return session
    }

    func json(_ session: Session) throws -> [String: Any] {
        let body = try #require(session.workbench.lastExchange?.response.body)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func openListsTheRequestsAndSendFillsInTheirVariables() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = try session(root, in: folder.url)
            let file = folder.url.appendingPathComponent("lesson.http").path
            #expect(await session.evaluate("open \(file)"), "\(console.capturedText)")
            let listed = console.capturedText.split(separator: "\n").map(String.init)
            #expect(listed == [
                "lesson.http · 4 requests · environments: dev (`env use NAME` picks one)",
                " 1  first        GET {{api}}/posts/1",
                " 2  mine         POST {{api}}/posts",
                " 3  From a file  PUT {{api}}/posts/1",
                " 4  —            GET {{echo}}/anything?who={{who}}",
                "`send NAME` (or `send N`) sends one; `replay \(file)` sends them all in order",
            ], "\(listed)")
            // A reference to a request not sent yet, and a variable no one sets: one line, nothing sent.
            console.clearCaptured()
            #expect(await session.evaluate("send mine") == false)
            #expect(console.capturedText == "error: request at line 10: {{first.response.body.$.title}}: request 'first' has not been sent in this session — send it first — nothing was sent\n")
            console.clearCaptured()
            #expect(await session.evaluate("send 4") == false)
            #expect(console.capturedText.hasPrefix("error: request at line 26: unknown variable {{echo}}"), "\(console.capturedText)")
            #expect(session.workbench.exchanges.isEmpty)
            #expect(await session.evaluate("send first"))
            console.clearCaptured()
            #expect(await session.evaluate("send mine"))
            #expect(console.capturedText.hasPrefix("note: not run here: a response handler (`> {% … %}`), which is JavaScript\nHTTP 201 Created"),
                    "\(console.capturedText)")
            let created = try json(session)
            #expect(created["title"] as? String == "sunt aut facere repellat provident occaecati excepturi optio reprehenderit")
            #expect(created["userId"] as? Int == 1)
            #expect(await session.evaluate("send 3"))
            #expect(try json(session)["title"] as? String == "from a file")
            #expect(await session.evaluate("env use dev"))
            #expect(await session.evaluate("send 4"))
            #expect(session.workbench.lastExchange?.url.absoluteString.hasSuffix("/httpbin/anything?who=class") == true)
            // What was sent is the session's steps, as statements `save` writes.
            let urls = session.transcript.steps.compactMap { step -> String? in
                if case .statement(.url(let url)) = step.kind { return url }
                return nil
            }
            #expect(urls == ["sandbox/jsonplaceholder/posts/1", "sandbox/jsonplaceholder/posts", "sandbox/jsonplaceholder/posts/1",
                             "sandbox/httpbin/anything?who=class"], "\(urls)")
        }
    }

    @Test func replaySendsEveryRequestInOrderAndSaysWhichFailed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = try session(root, in: folder.url)
            let file = folder.url.appendingPathComponent("lesson.http").path
            // Without an environment the last request cannot be sent: the others are, and one line says so.
            #expect(await session.evaluate("replay \(file)") == false)
            let lines = console.capturedText.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("── ") } == ["── 1 first  GET {{api}}/posts/1", "── 2 mine  POST {{api}}/posts",
                                                            "── 3 From a file  PUT {{api}}/posts/1", "── 4   GET {{echo}}/anything?who={{who}}"])
            #expect(lines.last == "error: 1 of 4 requests of lesson.http failed", "\(lines)")
            #expect(session.workbench.exchanges.map(\.method) == ["GET", "POST", "PUT"])
            console.clearCaptured()
            #expect(await session.evaluate("env use dev"))
            #expect(await session.evaluate("replay \(file)"), "\(console.capturedText)")
            #expect(console.capturedText.hasSuffix("sent 4 requests of lesson.http\n"))
            #expect(session.workbench.exchanges.count == 7)
        }
    }

    /// `>> FILE` writes the response's body beside the `.http` file, keeping an earlier one
    /// (`FILE-1` …), as JetBrains' client does; `>>! FILE` replaces it.
    @Test func aResponseIsWrittenWhereTheFileSays() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try """
            GET sandbox/jsonplaceholder/posts/1

            >> out/post.json

            ###
            GET sandbox/jsonplaceholder/posts/2

            >>! out/latest.json
            """.write(to: folder.url.appendingPathComponent("save.http"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            let file = folder.url.appendingPathComponent("save.http").path
            #expect(await session.evaluate("replay \(file)"), "\(console.capturedText)")
            #expect(await session.evaluate("replay \(file)"), "\(console.capturedText)")
            let out = folder.url.appendingPathComponent("out")
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["latest.json", "post-1.json", "post.json"])
            let first = try #require(session.workbench.exchanges.first?.response.body)
            #expect(FileManager.default.contents(atPath: out.appendingPathComponent("post.json").path) == first)
            #expect(FileManager.default.contents(atPath: out.appendingPathComponent("latest.json").path) == session.workbench.lastExchange?.response.body)
            #expect(console.capturedText.contains("wrote \(ByteSize.text(first.count)) (application/json; charset=utf-8) to \(out.path)/post-1.json\n"))
            // A file named from a response would let the server choose where its answer goes.
            try "# @name first\nGET sandbox/jsonplaceholder/posts/1\n\n###\nGET sandbox/jsonplaceholder/posts/2\n\n>>! out/{{first.response.body.$.title}}\n"
                .write(to: folder.url.appendingPathComponent("named.http"), atomically: true, encoding: .utf8)
            console.clearCaptured()
            let before = session.workbench.exchanges.count
            #expect(await !session.evaluate("replay \(folder.url.appendingPathComponent("named.http").path)"))
            #expect(console.capturedText.contains("error: request at line 5: `>>` names its file from a response ({{….response.…}}): nothing was sent"))
            #expect(session.workbench.exchanges.count == before + 1)
        }
    }

    /// `export http` writes the history as an `.http` file that `open` reads back as the same
    /// requests; a secret header's value is an environment read, never the value.
    @Test func exportHTTPWritesTheHistoryThatOpenReadsBack() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = try session(root, in: folder.url)
            for line in ["header Authorization: Bearer s3cr3t-t0ken", "get sandbox/jsonplaceholder/posts/1?api_key=k3y-s3cr3t",
                         "header -Authorization", "header X-Lesson: one",
                         "body {\"title\": \"Hi\",\n \"lines\": \"two\"}", "method POST", "url sandbox/httpbin/anything", "send",
                         "export http lesson-out --dir \(folder.url.path)"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            let written = try String(contentsOf: folder.url.appendingPathComponent("lesson-out.http"), encoding: .utf8)
            #expect(!written.contains("s3cr3t") && written.contains("Authorization: {{$processEnv AUTHORIZATION}}\n"), "\(written)")
            #expect(written.contains("GET sandbox/jsonplaceholder/posts/1?api_key={{$processEnv API_KEY}}\n"), "\(written)")
            let read = try HTTPFile(parsing: written)
            let exchanges = session.workbench.exchanges
            #expect(read.requests.map(\.method) == exchanges.map(\.method))
            #expect(read.requests.map(\.url) == ["sandbox/jsonplaceholder/posts/1?api_key={{$processEnv API_KEY}}", "sandbox/httpbin/anything"])
            #expect(read.requests[1].headers.map(\.name) == exchanges[1].requestHeaders.fields.map(\.name))
            #expect(read.requests[1].headers.first { $0.name == "X-Lesson" }?.value == "one")
            #expect(read.requests[1].body == .text(String(decoding: exchanges[1].requestBody ?? Data(), as: UTF8.self)))
            console.clearCaptured()
            #expect(await session.evaluate("open \(folder.url.path)/lesson-out.http"))
            #expect(console.capturedText.contains(" 2  —  POST sandbox/httpbin/anything\n"), "\(console.capturedText)")
            // Sent again from the file, the same bytes go.
            #expect(await session.evaluate("send 2"), "\(console.capturedText)")
            let again = session.workbench.exchanges
            #expect(again.last?.requestBody == again[1].requestBody && again.last?.method == "POST")
        }
    }

    /// A secret of the private environment file goes only where history, `save` and `export`
    /// write an environment read (a secret-named header or query item): the files the session
    /// writes hold no secret; used anywhere else, it is one line and nothing is sent.
    @Test func aPrivateEnvironmentsSecretIsWrittenIntoNoFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await withLiveSandbox { root in
            let session = try session(root, in: folder.url)
            try #"{"dev": {"token": "pr1vate-t0ken"}}"#.write(to: folder.url.appendingPathComponent("http-client.private.env.json"), atomically: true, encoding: .utf8)
            try """
                @auth = Bearer {{token}}
                # @name me
                GET {{echo}}/anything?api_key={{token}}&page=1
                Authorization: {{auth}}

                ###
                POST {{echo}}/anything
                X-Note: {{token}}

                ###
                POST {{echo}}/anything

                {"token": "{{token}}"}
                """.write(to: folder.url.appendingPathComponent("secrets.http"), atomically: true, encoding: .utf8)
            for line in ["open \(folder.url.path)/secrets.http", "env use dev", "send me"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            let echo = try json(session)
            #expect((echo["headers"] as? [String: String])?["Authorization"] == "Bearer pr1vate-t0ken")
            #expect((echo["args"] as? [String: String])?["api_key"] == "pr1vate-t0ken")
            for number in [2, 3] {
                console.clearCaptured()
                #expect(await session.evaluate("send \(number)") == false)
                #expect(console.capturedText.contains("{{token}} is a secret (http-client.private.env.json)"), "\(console.capturedText)")
            }
            #expect(session.workbench.exchanges.count == 1)
            for line in ["save out --dir \(folder.url.path)", "export http out --dir \(folder.url.path)",
                         "export markdown out --dir \(folder.url.path)"] {
                #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
            }
            for file in ["out.swift", "out.http", "out.md"] {
                let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("pr1vate-t0ken"), "\(file): \(text)")
            }
        }
    }

    /// Text that the prompt would read as Swift (`\(`) is never sent from an `.http` file, nor
    /// brought in from a response: one line, and a body in a file is sent as its bytes instead.
    @Test func textThatWouldRunAsSwiftIsNotSent() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try "POST https://example.com/match\nContent-Type: text/plain\n\n^\\(\\d+\\)$\n"
            .write(to: folder.url.appendingPathComponent("lesson.http"), atomically: true, encoding: .utf8)
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("open \(folder.url.path)/lesson.http"))
        console.clearCaptured()
        #expect(await session.evaluate("send 1") == false)
        #expect(console.capturedText.hasPrefix("error: request at line 1: its text (or a value filled into it) holds `\\(`"), "\(console.capturedText)")
        #expect(session.workbench.exchanges.isEmpty)
    }

    @Test(arguments: [
        ("GET https://x\nnot a header\n", nil, "error: lesson.http line 2: 'not a header' is not a header — write `Name: value`, and a blank line before the body"),
        ("GET https://x\n", "{\"dev\": ", "error: http-client.env.json is not JSON: "),
    ])
    func aFileOrAnEnvironmentThatCannotBeReadIsOneLine(http: String, environments: String?, message: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try http.write(to: folder.url.appendingPathComponent("lesson.http"), atomically: true, encoding: .utf8)
        if let environments {
            try environments.write(to: folder.url.appendingPathComponent("http-client.env.json"), atomically: true, encoding: .utf8)
        }
        let session = Session(console: console, isInteractive: false)
        #expect(await session.evaluate("open \(folder.url.path)/lesson.http") == false)
        let lines = console.capturedText.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix(message), "\(lines)")
        console.clearCaptured()
        #expect(await session.evaluate("send 1") == false)
        #expect(console.capturedText == "error: send takes only --stream, got '1' — `send NAME` sends a request of an .http file, after `open FILE.http`\n")
        console.clearCaptured()
        #expect(await session.evaluate("env use dev") == false)
        #expect(console.capturedText.hasPrefix("error: no environment 'dev'"))
    }
}
