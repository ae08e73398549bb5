import Foundation
import TestSupport
import Testing

/// The classic networking tutorials' code (Tutorials/: a singleton helper with a completion
/// handler, a generic `Result` completion and its async twin, an enum of resources turned into
/// `URLRequest`s, a playground page with a top-level `Task` and a loop of requests, one whose `Task`
/// waits before its request while the page keeps running), run with
/// `--offline` as it is: replayed as a snippet, and pasted at a terminal. Each prints what the same
/// code prints compiled with `swiftc -swift-version 5` against the sandbox (NAME.expected, written
/// by Tutorials/generate.py).
extension CompiledSwiftSessions {
    @Suite struct TutorialTests {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Tutorials")
        static let names = ["singleton-helper", "generic-result", "resource-enum", "playground-page", "delayed-page"]

        static func expected(_ name: String) throws -> [String] {
            try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// What Workbench adds of its own: the statements replay shows, and notes in parentheses
        /// (`(UIKit is not on Linux: …)`).
        static func printed(_ output: String) -> [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                .filter { !$0.hasPrefix("» ") && !$0.hasPrefix("(") }
        }

        @Test(arguments: names)
        func aReplayPrintsWhatTheCompiledCodePrints(_ name: String) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let path = Self.folder.appendingPathComponent(name + ".swift").path
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", path, "--offline"], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            #expect(Self.printed(result.output) == (try Self.expected(name)), "\(result.output)")
        }

        @Test(arguments: names)
        func pastedAtTheTerminalItPrintsWhatTheCompiledCodePrints(_ name: String) async throws {
            let source = try String(contentsOf: Self.folder.appendingPathComponent(name + ".swift"), encoding: .utf8)
            let expected = try Self.expected(name)
            try await PseudoTerminal.withWorkbench(arguments: ["--offline"]) { terminal, _ in
                let mark = terminal.mark
                try await terminal.paste(source.replacingOccurrences(of: "\n", with: "\r"))
                try await terminal.waitFor(try #require(expected.last), after: mark, timeout: .seconds(60))
                // Each line the program prints is a whole line of the screen (escape codes of the
                // redrawn prompt and carriage returns aside). Not necessarily in the program's order:
                // pasted, each statement is an input of its own, and a completion handler may print
                // between two of them, before a `print` the compiled program reaches first (replay,
                // above, runs them as one program does).
                func printedAll(_ screen: [String]) -> Bool {
                    Set(expected).allSatisfy { line in screen.count { $0 == line } >= expected.count { $0 == line } }
                }
                let deadline = ContinuousClock.now + .seconds(30)
                while !printedAll(Self.lines(of: terminal.output)), ContinuousClock.now < deadline {
                    // Reads what arrives for a moment (no NUL ever comes).
                    _ = try? await terminal.waitFor("\u{0}", after: terminal.mark, timeout: .milliseconds(200))
                }
                let screen = Self.lines(of: terminal.output)
                for line in Set(expected) {
                    #expect(screen.count { $0 == line } == expected.count { $0 == line },
                            "\(name): '\(line)'\n\(screen.map(\.debugDescription).joined(separator: "\n"))")
                }
            }
        }

        /// The terminal's text as lines, without escape codes, carriage returns and the prompt.
        static func lines(of output: String) -> [String] {
            let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            // "\r\n" is one Character to Swift: carriage returns become line ends first.
            return plain.replacingOccurrences(of: "\r", with: "\n").split(separator: "\n").map { line in
                var text = String(line)
                while text.hasPrefix("wb> ") || text.hasPrefix("... ") { text.removeFirst(4) }
                return text
            }
        }
    }
}
