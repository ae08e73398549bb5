import Foundation
import TestSupport
import Testing

/// Swift files of `#Playground` blocks (Playgrounds/Blocks/, in the shapes Apple's documentation
/// shows; its README says what each covers) replayed with `--offline`: each block prints what its
/// body prints compiled with `swiftc -swift-version 5` as the macro expands it, a closure run at
/// its place in the file (Playgrounds/Blocks/Expected/, written by Playgrounds/Blocks/generate.py).
extension CompiledSwiftSessions {
    @Suite struct PlaygroundBlockTests {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Playgrounds/Blocks")
        static func file(_ name: String) -> String { folder.appendingPathComponent("\(name).swift").path }

        /// What replay printed, split at its block headers (`━━ Playground 2 of 3: Fetch ━━`): each
        /// block's lines by its title (an unnamed block's is its number), the headers in the order
        /// they came, and any line outside a block that is not the file shown (`» `).
        struct Printed {
            var headers: [String] = []
            var blocks: [String: [String]] = [:]
            var outside: [String] = []
        }

        static let headerStart = "━━ Playground "
        static let headerEnd = " ━━"

        static func printed(_ output: String) -> Printed {
            var printed = Printed()
            var current: String?
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) {
                if line.hasPrefix(headerStart), line.hasSuffix(headerEnd) {
                    let heading = line.dropFirst(headerStart.count).dropLast(headerEnd.count)
                    let title = heading.range(of: ": ").map { String(heading[$0.upperBound...]) } ?? String(heading.prefix { $0 != " " })
                    printed.headers.append(String(heading))
                    printed.blocks[title] = []
                    current = title
                    continue
                }
                if line.hasPrefix("» ") { continue }
                if let current { printed.blocks[current, default: []].append(line) } else { printed.outside.append(line) }
            }
            return printed
        }

        /// Expected/NAME/TITLE.txt, by title.
        static func expected(_ name: String) throws -> [String: [String]] {
            let folder = folder.appendingPathComponent("Expected/\(name)")
            var blocks: [String: [String]] = [:]
            for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path) where entry.hasSuffix(".txt") {
                let text = try String(contentsOf: folder.appendingPathComponent(entry), encoding: .utf8)
                blocks[String(entry.dropLast(".txt".count))] = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
            return blocks
        }

        @Test(arguments: ["Greetings", "Posts", "Inventory"])
        func everyBlockPrintsWhatItsBodyPrintsCompiled(_ name: String) async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.file(name), "--offline"], input: "",
                                                environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
            let printed = Self.printed(result.output)
            let expected = try Self.expected(name)
            #expect(printed.outside == [], "\(result.output)")
            #expect(printed.blocks == expected, "\(result.output)")
            // In the file's order, each numbered among them.
            let count = expected.count
            #expect(printed.headers.map { String($0.prefix { $0 != ":" }) } == (1...count).map { "\($0) of \(count)" }, "\(result.output)")
        }

        /// With `--step` each statement of the file runs on its own, a block as one input whose
        /// body still sees the file-scope values and declarations the statements above made.
        @Test func stepModePrintsWhatTheBlocksPrintCompiled() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let result = try await PipedRun.run(try Binaries.workbench, ["replay", Self.file("Inventory"), "--step", "--offline"],
                                                input: String(repeating: "\n", count: 20), environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 0, "\(result.output)")
            // Piped, the answers are not echoed: each question ends where the next output begins.
            let output = result.output.replacingOccurrences(of: "  ⏎ run · q stop ", with: "")
            #expect(Self.printed(output).blocks == (try Self.expected("Inventory")), "\(result.output)")
        }

        /// `open FILE.swift` runs the code outside the blocks and lists the blocks as pages; `page`
        /// runs one by its name or number, as a tab of Xcode's canvas does.
        @Test func openListsTheBlocksAndPageRunsOne() async throws {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let input = "open \(Self.file("Greetings"))\npage in three languages\npage 3\npage Nope\n"
            let result = try await PipedRun.run(try Binaries.workbench, [], input: input, environment: isolatedEnvironment(home: home.url))
            #expect(result.status == 1, "\(result.output)")
            let listed = result.output.split(separator: "\n").filter { $0.hasPrefix(" ") }.map { $0.split(separator: " ").joined(separator: " ") }
            #expect(listed == ["1 (unnamed) line 20", "2 In Three Languages line 25", "3 (unnamed) line 30"], "\(result.output)")
            let printed = Self.printed(result.output)
            let expected = try Self.expected("Greetings")
            #expect(printed.headers == ["2 of 3: In Three Languages", "3 of 3"], "\(result.output)")
            #expect(printed.blocks["In Three Languages"] == expected["In Three Languages"], "\(result.output)")
            #expect(printed.blocks["3"]?.starts(with: expected["3"] ?? []) == true, "\(result.output)")
            #expect(result.output.contains("no #Playground block 'Nope' in Greetings.swift: 1, In Three Languages, 3"), "\(result.output)")
        }
    }
}
