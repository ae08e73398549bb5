import Foundation
import TestSupport
import Testing

/// The shipped snippets: replayed by `workbench replay` and compiled by SwiftPM, same output.
@Suite struct SnippetReplayTests {
    static let shipped = ["users-and-posts", "borders", "jokes", "met-collection", "nested-dates", "every-command"]

    /// `every-command` is what `save` writes for a session of every command: saving that session
    /// again writes the same file, so the replay-equals-compiled check below covers every command.
    @Test func savingEveryCommandWritesTheShippedSnippet() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let root = try SnippetPaths.packageRoot()
        // Saved into a package's Snippets/, as the shipped one is (its header says `swift run`).
        try Data("// swift-tools-version:6.0\n".utf8).write(to: home.url.appendingPathComponent("Package.swift"))
        let folder = home.url.appendingPathComponent("Snippets")
        let session = try String(contentsOf: root.appendingPathComponent("Snippets/every-command.session"), encoding: .utf8)
            .replacingOccurrences(of: "SNIPPETS_DIR", with: folder.path)
        let typed = try await PipedRun.run(try Binaries.workbench, input: session, environment: isolatedEnvironment(home: home.url))
        #expect(typed.status == 0, "\(typed.output)")
        let saved = try String(contentsOf: folder.appendingPathComponent("every-command.swift"), encoding: .utf8)
        let shipped = try String(contentsOf: root.appendingPathComponent("Snippets/every-command.swift"), encoding: .utf8)
        #expect(saved == shipped)
    }

    @Test(arguments: shipped)
    func replayPrintsWhatTheCompiledSnippetPrints(name: String) async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = isolatedEnvironment(home: home.url)
        let file = try SnippetPaths.packageRoot().appendingPathComponent("Snippets/\(name).swift").path
        let replayed = try await PipedRun.run(try Binaries.workbench, ["replay", file, "--check"], input: "", environment: environment)
        let compiled = try await PipedRun.run(try SnippetPaths.executable(name), input: "", environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)\(replayed.errorOutput)")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")
        let results = SnippetOutput.results(of: replayed.output)
        #expect(results.contains("HTTP ") || name == "nested-dates")
        #expect(results == SnippetOutput.masked(compiled.output))
        #expect(replayed.output.contains(SnippetOutput.echoMarker))
        #expect(!replayed.output.split(separator: "\n").contains { $0.hasPrefix("error:") })
    }

    @Test func aFailingStepUnderCheckStopsWithItsLineAndColumn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("failing.swift")
        try """
            // Fails on its second statement.
            import WorkbenchKit
            let wb = Workbench()
              try wb.status()
            print("not reached")
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--check", "--no-sandbox"], input: "",
                                      environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1)
        // The statements echoed up to the failing one, then its line and column; nothing after.
        #expect(result.output == """
            » let wb = Workbench()
            » try wb.status()
            error: failing.swift:4:3: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)

            """, "\(result.output)")
    }

    @Test func withoutCheckAFailingStepIsReportedTheRestRunsAndTheStatusIsOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("going-on.swift")
        // An error the interpreter meets, then one a compiled statement throws: both at their statement.
        try "import WorkbenchKit\nstruct Refused: Error {}\nlet wb = Workbench()\ntry wb.status()\nthrow Refused()\nprint(\"reached\")\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--no-sandbox"], input: "",
                                      environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1)
        #expect(result.output == """
            » struct Refused: Error {}
            » let wb = Workbench()
            » try wb.status()
            error: going-on.swift:4:1: no response yet — send a request first (`send` or `get PATH`; in Swift, `try await wb.get(PATH)`)
            » throw Refused()
            error: going-on.swift:5:1: Refused()
            » print("reached")
            reached

            """, "\(result.output)")
    }

    @Test func offlineTheRealHostsAreAnsweredByTheSandbox() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("real-hosts.swift")
        try "import WorkbenchKit\nlet wb = Workbench(base: \"https://jsonplaceholder.typicode.com\")\ntry await wb.get(\"/posts/1\")\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", file.path, "--offline", "--check"], input: "",
                                      environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 0, "\(result.output)")
        // The real URL answered by the sandbox, marked offline; its time masked.
        #expect(SnippetOutput.masked(result.output, sizesAndClocks: false) == #"""
            » let wb = Workbench(base: "https://jsonplaceholder.typicode.com")
            » try await wb.get("/posts/1")
            HTTP 200 OK · application/json · 292 B · TIME · offline
            {
              "userId": 1,
              "id": 1,
              "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
              "body": "quia et suscipit\nsuscipit recusandae consequuntur expedita et cum\nreprehenderit molestiae ut ut quas totam\nnostrum rerum est autem sunt rem eveniet architecto"
            }

            """#, "\(result.output)")
    }

    @Test func aMissingSnippetIsOneLineAndStatusOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await PipedRun.run(try Binaries.workbench, ["replay", "no-such-snippet", "--dir", directory.url.path], input: "",
                                      environment: isolatedEnvironment(home: directory.url))
        #expect(result.status == 1)
        #expect(result.output.isEmpty, "\(result.output)")
        #expect(result.errorOutput == "error: no snippet 'no-such-snippet': \(directory.url.path)/no-such-snippet.swift does not exist (`snippets` lists them)\n",
                "\(result.errorOutput)")
    }
}

/// Where the package and its built snippets are, from the test bundle's build directory.
enum SnippetPaths {
    static func buildDirectory() throws -> URL {
        URL(fileURLWithPath: try Binaries.workbench).deletingLastPathComponent()
    }

    static func executable(_ name: String) throws -> String {
        try buildDirectory().appendingPathComponent(name).path
    }

    /// The directory holding Package.swift, above the build directory.
    static func packageRoot() throws -> URL {
        var directory = try buildDirectory()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        throw NoPackageRoot()
    }
}

struct NoPackageRoot: Error, CustomStringConvertible {
    var description: String { "no Package.swift above the build directory" }
}

/// Output with what differs between runs masked: ports, timings, sizes.
enum SnippetOutput {
    static let echoMarker = "» "

    /// A replay's output without its echoed statements, masked.
    static func results(of replay: String, sizesAndClocks: Bool = true) -> String {
        masked(replay.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(echoMarker) }.joined(separator: "\n"), sizesAndClocks: sizesAndClocks)
    }

    /// Ports and timings masked; sizes and clock times too unless `sizesAndClocks` is false (the
    /// forms table masks only what its generator masks).
    static func masked(_ text: String, sizesAndClocks: Bool = true) -> String {
        var text = text
        var patterns = [
            (#"127\.0\.0\.1:\d+"#, "127.0.0.1:PORT"),
            (#"(?m)^(  port +)\d+$"#, "$1PORT"),
            (#"<?\d+(\.\d+)? (ms|s|µs|min)(?=\s|$)"#, "TIME"),
        ]
        if sizesAndClocks {
            patterns += [(#"\d+(\.\d+)? (B|KB|MB|GB)(?=\s|$)"#, "SIZE"), (#"\d\d:\d\d:\d\d(\.\d+)?"#, "CLOCK")]
        }
        for (pattern, replacement) in patterns {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }
}
