import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The sandbox as the user meets it: in the REPL (banner, `sandbox`) and as `workbench sandbox`.
@Suite struct SandboxProcessTests {
    static func firstURL(in text: String) -> URL? {
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return URL(string: String(text[range]))
    }

    static func fetch(_ url: URL) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func theREPLServesTheSandboxWhereItsBannerSays() async throws {
        try await PseudoTerminal.withWorkbench(ending: .ctrlD) { terminal, _ in
            // The banner: all the session printed before its first prompt.
            let base = try #require(Self.firstURL(in: terminal.output))
            // The prompt does not wait for the server (it starts in the background), so retry briefly.
            var answer: (Int, String)?
            for _ in 0..<200 where answer == nil {
                answer = try? await Self.fetch(base.appendingPathComponent("jokes/jokes/1"))
                if answer == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            let (status, body) = try #require(answer)
            #expect(status == 200)
            #expect(body.contains("\"id\":1"))

            let mark = terminal.mark
            terminal.type("sandbox\r")
            let listing = try await terminal.waitFor("sandbox/httpbin", after: mark)
            try await terminal.waitForRawMode()
            #expect(listing.contains("sandbox on \(base.absoluteString)"))
        }
    }

    @Test func noSandboxMeansNoSandbox() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let run = try await PipedRun.run(
            try Binaries.workbench, ["--no-sandbox"], input: "sandbox\n", environment: isolatedEnvironment(home: home.url))
        #expect(run.status == 1)
        #expect(run.output == "error: the sandbox is not running (started with --no-sandbox, or it failed to start)\n")
    }

    @Test func workbenchSandboxServesInTheForegroundUntilCtrlC() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Binaries.workbench)
        process.arguments = ["sandbox", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading
        let text = try await onOwnThread {
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let base = try #require(Self.firstURL(in: text))
        let (status, body) = try await Self.fetch(base.appendingPathComponent("jsonplaceholder/users/1"))
        #expect(status == 200)
        #expect(body.contains("Leanne Graham"))
        kill(process.processIdentifier, SIGINT)
        try await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
