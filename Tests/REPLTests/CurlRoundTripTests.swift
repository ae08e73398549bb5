import Foundation
import SandboxTestSupport
import Testing
import WorkbenchKit
@testable import REPL

/// `curl` prints the request and `curl ARGS…` reads it back as the same request; `save` writes a
/// pasted curl line as the WorkbenchKit statements it stands for, and its replay check passes.
@MainActor
@Suite struct CurlRoundTripTests {
    let console = Console(capturingWithColors: false)

    func run(_ lines: [String], in session: Session) async {
        for line in lines {
            console.clearCaptured()
            #expect(await session.evaluate(line), "\(line): \(console.capturedText)")
        }
    }

    func printed(_ session: Session) async -> String {
        console.clearCaptured()
        #expect(await session.evaluate("curl"))
        return console.capturedText.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: [
        ["base sandbox/httpbin", "get /anything q=='a b' page==2 Accept:application/json X-Trace:it\\'s"],
        ["base sandbox/httpbin", #"post /post title='Hi "there"' userId:=1 Accept:application/json"#],
        ["base sandbox/httpbin", "path /post", "method POST", "body --form name='Ada Lovelace' sum=1+1 and='a&b'", "send"],
        ["curl sandbox/httpbin/anything -F title=Pilot --form-string 'n=a;b'"],
    ])
    func aPrintedCurlLinePastedAgainIsTheSameRequest(lines: [String]) async throws {
        try await withLiveSandbox { root in
            let first = Session(console: console, isInteractive: false)
            first.sandboxURL = root
            await run(lines, in: first)
            let command = await printed(first)
            let sentFirst = try #require(first.workbench.exchanges.last?.response.body)

            let second = Session(console: console, isInteractive: false)
            second.sandboxURL = root
            await run([command], in: second)
            #expect(await printed(second) == command)
            // What httpbin saw is the same too, but for the connection's own headers.
            let sentSecond = try #require(second.workbench.exchanges.last?.response.body)
            let echoes = try [sentFirst, sentSecond].map { try #require(JSONSerialization.jsonObject(with: $0) as? NSDictionary) }
            for key in ["args", "data", "form", "json", "method", "url"] {
                #expect(echoes[0][key] as? NSObject == echoes[1][key] as? NSObject, "\(key) for \(command)")
            }
        }
    }

    @Test func saveWritesACurlLineAsStatementsThatReplay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withLiveSandbox { root in
            let session = Session(console: console, isInteractive: false)
            session.sandboxURL = root
            let address = root.absoluteString.hasSuffix("/") ? root.absoluteString : root.absoluteString + "/"
            await run([
                "curl '\(address)httpbin/anything?id=7' -H 'Accept: application/json' --json '{\"title\": \"Hi\"}' -L",
                "curl -X PUT \(address)httpbin/anything -H 'Content-Type: text/plain' --data-raw $'two\\nlines'",
                "curl -sS \(address)httpbin/anything -d a=1 -d 'b=x y'",
                "curl \(address)httpbin/anything -F title=Pilot",
                "save pasted --dir \(directory.path)",
            ], in: session)
            #expect(console.capturedText.hasPrefix("saved "), "\(console.capturedText)")
            let source = try String(contentsOf: directory.appendingPathComponent("pasted.swift"), encoding: .utf8)
            let expected = [
                "wb.reset()", #"try wb.url("sandbox/httpbin/anything?id=7")"#, #"try wb.method("POST")"#,
                #"try wb.header("Accept", "application/json")"#, #"try wb.header("Content-Type", "application/json")"#,
                ##"try wb.body(json: #"{"title": "Hi"}"#)"##, "wb.followRedirects = true", "try await wb.send()",
                "wb.reset()", #"try wb.url("sandbox/httpbin/anything")"#, #"try wb.method("PUT")"#,
                #"try wb.header("Content-Type", "text/plain")"#, #"wb.body(text: "two\nlines")"#, "try await wb.send()",
                "wb.reset()", #"try wb.url("sandbox/httpbin/anything")"#, #"try wb.method("POST")"#,
                #"try wb.header("Content-Type", "application/x-www-form-urlencoded")"#, #"wb.body(text: "a=1&b=x y")"#, "try await wb.send()",
                "wb.reset()", #"try wb.url("sandbox/httpbin/anything")"#, #"try wb.method("POST")"#,
                #"try wb.multipart(["title": "Pilot"])"#, "try await wb.send()",
            ]
            let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let statements = lines.filter { line in expected.contains(line) }
            #expect(statements == expected, "\(source)")
        }
    }
}
