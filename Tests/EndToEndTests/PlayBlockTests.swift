import Foundation
import TestSupport
import Testing

/// `play FILE` on a file of `#Playground` blocks: every block in the file's order, as replay runs
/// them; with `--block NAME` the code outside the blocks and that block only, as `page NAME` runs
/// it, and a save that changes neither runs nothing.
extension CompiledSwiftSessions {
    @Suite struct PlayBlockTests {
        /// Greetings.swift (Playgrounds/Blocks/) copied into `home`, so that play watches a folder of the test's own.
        static func greetings(in home: URL) throws -> URL {
            let file = home.appendingPathComponent("Greetings.swift")
            try FileManager.default.copyItem(at: URL(fileURLWithPath: PlaygroundBlockTests.file("Greetings")), to: file)
            return file
        }

        /// The lines play printed, its status line's time and clock left out (`ran lines 2–28`).
        static func lines(_ output: String) -> [String] {
            output.split(separator: "\n").map { line in
                line.hasPrefix("ran lines ") ? String(line.prefix { $0 != "·" }.dropLast()) : String(line)
            }
        }

        @Test func withABlockTheCodeOutsideTheBlocksAndThatBlockRun() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let file = try Self.greetings(in: home.url)
            // A name in another case is the block's, as `page` takes it.
            let result = try await PipedRun.run(try Binaries.workbench, ["play", file.path, "--block", "in three languages"], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
            #expect(Self.lines(result.output) == [
                "playing block 'In Three Languages' of Greetings.swift with the code outside the blocks: each save runs them "
                    + "from the first changed line · a line or the end of input leaves",
                "defined Greeting",
                "visitors: [String]",
                "[\"Ada\", \"Grace\", \"Linus\"]",
                "━━ Playground 2 of 3: In Three Languages ━━",
                "Hello, Grace! / Bonjour, Grace ! / ¡Hola, Grace!",
                "ran lines 2–28",
                "left play: the file's values stay bound (`steps` lists them)",
            ], "\(result.output)")
        }

        /// Without `--block`, every block runs in the file's order and prints what it prints compiled.
        @Test func withoutABlockEveryBlockRunsInTheFilesOrder() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let file = try Self.greetings(in: home.url)
            let result = try await PipedRun.run(try Binaries.workbench, ["play", file.path], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
            let lines = Self.lines(result.output)
            #expect(lines.suffix(2) == ["ran lines 2–38", "left play: the file's values stay bound (`steps` lists them)"], "\(result.output)")
            let printed = PlaygroundBlockTests.printed(lines.dropLast(2).joined(separator: "\n") + "\n")
            #expect(printed.headers == ["1 of 3", "2 of 3: In Three Languages", "3 of 3"], "\(result.output)")
            #expect(printed.blocks == (try PlaygroundBlockTests.expected("Greetings")), "\(result.output)")
        }

        @Test func mistakesAreOneLine() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let file = try Self.greetings(in: home.url).path
            let plain = home.url.appendingPathComponent("plain.swift")
            try "let a = 1\n".write(to: plain, atomically: false, encoding: .utf8)
            let input = """
                play \(file) --block Nope
                play \(file) --block
                play \(file) --blok 2
                play \(file) \(file)
                play \(plain.path) --block 1

                """
            let result = try await PipedRun.run(try Binaries.workbench, [], input: input, environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 1)
            #expect(result.output.split(separator: "\n").map(String.init) == [
                "error: no #Playground block 'Nope' in Greetings.swift: 1, In Three Languages, 3",
                "error: --block needs a value (NAME), as in `play Greetings.swift --block \"In Three Languages\"`",
                "error: unknown option '--blok' (play takes --block NAME and --page NAME)",
                "error: usage: play FILE.swift [--block NAME] | play BUNDLE.playground [--page NAME]",
                "error: plain.swift has no #Playground blocks: without --block, play runs it whole",
            ], "\(result.output)")
        }

        /// At a terminal: a save that changes another block runs nothing; one that changes the
        /// played block runs it alone; one that changes the code outside the blocks runs from there.
        @Test func aSaveRunsThePlayedBlockOnlyWhenItOrTheCodeOutsideChanged() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let file = try Self.greetings(in: home.url)
            var text = try String(contentsOf: file, encoding: .utf8)
            let terminal = try PseudoTerminal(
                executable: try Binaries.workbench, arguments: ["play", file.path, "--block", "2"],
                environment: isolatedEnvironment(home: home.url, extra: ["NO_COLOR": "1"]))
            var shown = try await terminal.waitFor("ran lines 2–28 · ", timeout: .seconds(120))
            #expect(shown.contains("Hello, Grace! / Bonjour, Grace ! / ¡Hola, Grace!\r\n"), "\(shown)")
            #expect(!shown.contains("Hello, Ada!"), "block 1 ran: \(shown)")

            // Block 1 changed: not played.
            text = text.replacingOccurrences(of: "visitors[0]", with: "visitors[2]")
            var mark = terminal.mark
            try text.write(to: file, atomically: false, encoding: .utf8)
            shown = try await terminal.waitFor("unchanged: nothing ran · ", after: mark, timeout: .seconds(60))

            // The played block changed: it runs again, the code outside it does not.
            text = text.replacingOccurrences(of: "visitors[1], language", with: "visitors[0], language")
            mark = terminal.mark
            try text.write(to: file, atomically: false, encoding: .utf8)
            shown = try await terminal.waitFor("ran lines 25–28 · ", after: mark, timeout: .seconds(60))
            #expect(shown.contains("━━ Playground 2 of 3: In Three Languages ━━\r\nHello, Ada! / Bonjour, Ada ! / ¡Hola, Ada!\r\n"), "\(shown)")
            #expect(!shown.contains("visitors: [String]"), "\(shown)")

            // The code outside the blocks changed: from that statement down, then the block.
            text = text.replacingOccurrences(of: "\"Linus\"]", with: "\"Linus\", \"Alan\"]")
            mark = terminal.mark
            try text.write(to: file, atomically: false, encoding: .utf8)
            shown = try await terminal.waitFor("ran lines 18–28 · ", after: mark, timeout: .seconds(60))
            #expect(shown.contains("[\"Ada\", \"Grace\", \"Linus\", \"Alan\"]\r\n"), "\(shown)")
            #expect(shown.contains("Hello, Ada! / Bonjour, Ada ! / ¡Hola, Ada!\r\n"), "\(shown)")

            mark = terminal.mark
            terminal.type("q")
            try await terminal.waitFor("left play", after: mark)
            try await terminal.waitForRawMode()
            terminal.type("quit\r")
            #expect(try await terminal.waitForExit() == 0)
        }
    }
}
