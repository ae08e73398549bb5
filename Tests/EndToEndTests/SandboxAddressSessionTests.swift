import Foundation
import TestSupport
import Testing

/// `get sandbox/NAME/…` with no base: the sandbox's API, at the prompt, in the saved snippet, and
/// when that snippet replays or compiles.
@Suite struct SandboxAddressSessionTests {
    @Test func aSandboxAddressInAVerbIsSavedAndReplayed() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.url.appendingPathComponent("Snippets")
        let session = """
            get sandbox/jokes/jokes/programming/ten seed==1
            get /jokes/1
            save jokes-anywhere --dir \(folder.path)
            """
        let environment = isolatedEnvironment(home: home.url)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session + "\n", environment: environment)
        #expect(typed.status == 0, "\(typed.output)")
        #expect(typed.output.components(separatedBy: "HTTP 200 OK").count == 3, "\(typed.output)")

        let file = folder.appendingPathComponent("jokes-anywhere.swift")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("import Sandbox\n"))
        #expect(saved.contains(#"try await wb.get("sandbox/jokes/jokes/programming/ten", query: ["seed": "1"])"#), "\(saved)")
        let compiled = try await SnippetTypeCheck.run(file, module: "jokes_anywhere")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")

        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check"], input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(SnippetOutput.results(of: replayed.output).components(separatedBy: "HTTP 200 OK").count == 3)
    }
}
